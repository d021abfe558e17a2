import { useState } from 'react';
import { useSnackbar } from 'notistack';
import type { Coupon } from '@quan/contract/coupon';
import { messageWithElements } from '../../../components/message-with-elements';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormAlert } from '../../../components/FormAlert';
import { describeApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useDeleteCoupon } from '../api/delete-coupon';
import { CouponFormDialog } from './CouponFormDialog';
import { singleRestaurant, type ChainBranches } from './chain-branches';

type OpenDialog = { kind: 'create' } | { kind: 'edit' | 'delete'; couponId: string } | null;

/**
 * The coupon dialogs: add, edit and delete (after confirmation). A dialog reads its coupon from the live list;
 * `chain` is the branches a coupon may be limited to.
 */
export function useCouponDialogs(coupons: readonly Coupon[], chain: ChainBranches = singleRestaurant) {
  const t = useT();
  const [open, setOpen] = useState<OpenDialog>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const { enqueueSnackbar } = useSnackbar();
  const deleteMutation = useDeleteCoupon();

  const target = open && open.kind !== 'create' ? coupons.find((c) => c._id === open.couponId) : undefined;
  const close = () => {
    setOpen(null);
    setDeleteError(null);
  };

  function confirmDelete(coupon: Coupon) {
    setDeleteError(null);
    deleteMutation.mutate(coupon._id, {
      onSuccess: () => {
        enqueueSnackbar(t('coupons.deleted', { code: coupon.code }), { variant: 'success' });
        close();
      },
      onError: (error) => setDeleteError(describeApiError(error, t('coupons.delete.error', { code: coupon.code }))),
    });
  }

  const dialogs = (
    <>
      {open?.kind === 'create' && <CouponFormDialog chain={chain} onClose={close} />}
      {open?.kind === 'edit' && target && (
        <CouponFormDialog key={target._id} coupon={target} chain={chain} onClose={close} />
      )}
      <ConfirmDialog
        open={open?.kind === 'delete' && target !== undefined}
        title={t('coupons.delete.title', { code: target?.code ?? '' })}
        description={
          <div className="space-y-3">
            <p>
              {messageWithElements(
                t,
                'coupons.delete.description',
                {},
                {
                  code: <strong className="font-mono">{target?.code}</strong>,
                },
              )}
            </p>
            {deleteError && <FormAlert>{deleteError}</FormAlert>}
          </div>
        }
        confirmLabel={t('coupons.delete.confirm')}
        isPending={deleteMutation.isPending}
        onConfirm={() => target && confirmDelete(target)}
        onCancel={close}
      />
    </>
  );

  return {
    openCreate: () => setOpen({ kind: 'create' }),
    openEdit: (coupon: Coupon) => setOpen({ kind: 'edit', couponId: coupon._id }),
    openDelete: (coupon: Coupon) => setOpen({ kind: 'delete', couponId: coupon._id }),
    dialogs,
  };
}
