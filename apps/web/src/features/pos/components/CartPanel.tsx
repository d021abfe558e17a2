import { useState } from 'react';
import { CartLineRow } from '../../../components/CartLineRow';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useT } from '../../../lib/i18n';
import { clearCart } from '../../../store/cart-slice';
import { useAppDispatch } from '../../../store/hooks';
import { maxLineQuantity, type CartLine } from '../../../store/cart-lines';

/** The cart as lines of the same dish and note; − removes one unit, + adds one. */
export function CartPanel({ lines }: { lines: CartLine[] }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const [isConfirmingClear, setIsConfirmingClear] = useState(false);

  if (lines.length === 0) {
    return <p className="py-2 text-sm text-stone-600">{t('pos.cart.empty')}</p>;
  }

  return (
    <div>
      <ul aria-label={t('pos.cart.lines')} className="divide-y divide-stone-200">
        {lines.map((line) => (
          <CartLineRow key={line.key} line={line} canAddOne={line.quantity < maxLineQuantity} dispatch={dispatch} />
        ))}
      </ul>
      <button type="button" className="btn btn-secondary btn-sm mt-2" onClick={() => setIsConfirmingClear(true)}>
        {t('pos.cart.clear')}
      </button>
      <ConfirmDialog
        open={isConfirmingClear}
        title={t('pos.cart.clearTitle')}
        description={t('pos.cart.clearDescription')}
        confirmLabel={t('pos.cart.clear')}
        onConfirm={() => {
          dispatch(clearCart());
          setIsConfirmingClear(false);
        }}
        onCancel={() => setIsConfirmingClear(false)}
      />
    </div>
  );
}
