import { useState } from 'react';
import { useSnackbar } from 'notistack';
import type { Table } from '@quan/contract/table';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { describeApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useCan } from '../../../lib/use-can';
import { useDeleteTable } from '../api/delete-table';
import { useUpdateTable } from '../api/update-table';
import { TableFormDialog } from './TableFormDialog';
import { TableQrDialog } from './TableQrDialog';

type OpenDialog = { kind: 'create' } | { kind: 'edit' | 'delete' | 'qr'; tableId: string } | null;

/**
 * The table dialogs of the tables page: a table's QR code, for anyone who sees the tables, and for a manager
 * add, edit, delete and key rotation. Dialogs hold a table id and read the table from the live list, so a QR
 * view shows the new key as soon as it is rotated.
 */
export function useTableManagerDialogs(
  tables: readonly Table[],
  { qrOrigin, qrBranchSlug }: { qrOrigin: string; qrBranchSlug: string | null | undefined },
) {
  const t = useT();
  const [open, setOpen] = useState<OpenDialog>(null);
  const [rotateTableId, setRotateTableId] = useState<string | null>(null);
  const { enqueueSnackbar } = useSnackbar();
  const canManage = useCan('tables:manage');
  const deleteMutation = useDeleteTable();
  const rotateMutation = useUpdateTable();

  const find = (tableId: string | null | undefined) => tables.find((table) => table._id === tableId);
  const target = open && open.kind !== 'create' ? find(open.tableId) : undefined;
  const rotateTarget = find(rotateTableId);
  const close = () => setOpen(null);

  async function confirmDelete(table: Table) {
    try {
      await deleteMutation.mutateAsync(table._id);
      enqueueSnackbar(t('tables.deleted', { tableNo: table.tableNo }), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(describeApiError(error, t('tables.deleteFailed', { tableNo: table.tableNo })), {
        variant: 'error',
      });
    } finally {
      close();
    }
  }

  async function confirmRotate(table: Table) {
    try {
      await rotateMutation.mutateAsync({ tableId: table._id, rotateQrKey: true });
      enqueueSnackbar(t('tables.qr.rotated', { tableNo: table.tableNo }), {
        variant: 'success',
      });
    } catch (error) {
      enqueueSnackbar(describeApiError(error, t('tables.qr.rotateFailed', { tableNo: table.tableNo })), {
        variant: 'error',
      });
    } finally {
      setRotateTableId(null);
    }
  }

  const nextTableNo = tables.reduce((highest, table) => Math.max(highest, table.tableNo), 0) + 1;

  const dialogs = (
    <>
      {open?.kind === 'create' && <TableFormDialog nextTableNo={nextTableNo} onClose={close} />}
      {open?.kind === 'edit' && target && <TableFormDialog key={target._id} table={target} onClose={close} />}
      {open?.kind === 'qr' && target && (
        <TableQrDialog
          table={target}
          origin={qrOrigin}
          branchSlug={qrBranchSlug}
          isRotating={rotateMutation.isPending}
          onRotateKey={canManage ? () => setRotateTableId(target._id) : undefined}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={open?.kind === 'delete' && target !== undefined}
        title={t('tables.delete.title', { tableNo: target?.tableNo ?? '' })}
        description={<p>{t('tables.delete.description', { tableNo: target?.tableNo ?? '' })}</p>}
        confirmLabel={t('tables.delete.confirm')}
        isPending={deleteMutation.isPending}
        onConfirm={() => target && void confirmDelete(target)}
        onCancel={close}
      />
      <ConfirmDialog
        open={rotateTarget !== undefined}
        title={t('tables.rotate.title', { tableNo: rotateTarget?.tableNo ?? '' })}
        description={<p>{t('tables.rotate.description', { tableNo: rotateTarget?.tableNo ?? '' })}</p>}
        confirmLabel={t('tables.qr.rotate')}
        isPending={rotateMutation.isPending}
        onConfirm={() => rotateTarget && void confirmRotate(rotateTarget)}
        onCancel={() => setRotateTableId(null)}
      />
    </>
  );

  return {
    openCreate: () => setOpen({ kind: 'create' }),
    openEdit: (table: Table) => setOpen({ kind: 'edit', tableId: table._id }),
    openDelete: (table: Table) => setOpen({ kind: 'delete', tableId: table._id }),
    openQr: (table: Table) => setOpen({ kind: 'qr', tableId: table._id }),
    dialogs,
  };
}
