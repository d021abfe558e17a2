import { ShoppingBag } from 'lucide-react';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';

/** The bar pinned to the bottom of the phone while the cart has dishes; it opens the cart. */
export function CartBar({ count, total, onOpen }: { count: number; total: number; onOpen: () => void }) {
  const t = useT();
  return (
    <div className="fixed inset-x-0 bottom-0 z-20 bg-gradient-to-t from-stone-50 via-stone-50/90 px-4 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))]">
      <button
        type="button"
        onClick={onOpen}
        className="mx-auto flex min-h-14 w-full max-w-lg items-center justify-between gap-3 rounded-2xl bg-stone-900 px-5 font-semibold text-white shadow-lg"
      >
        <span className="flex items-center gap-2">
          <ShoppingBag aria-hidden="true" className="size-5" />
          {t('table.cart.open', { count })}
        </span>
        <span className="tabular-nums">{formatMoney(total)}</span>
      </button>
    </div>
  );
}
