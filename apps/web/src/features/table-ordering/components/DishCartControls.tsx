import { Minus, Plus } from 'lucide-react';
import { useT } from '../../../lib/i18n';

interface DishCartControlsProps {
  name: string;
  /** Units of this dish in the cart, whatever their notes. */
  quantity: number;
  canAdd: boolean;
  /** Adding opens the dish's options first. */
  opensOptions?: boolean;
  onAdd: () => void;
  onRemove: () => void;
}

/** "Add" on a dish card, then − quantity + once it is in the cart. */
export function DishCartControls({
  name,
  quantity,
  canAdd,
  opensOptions = false,
  onAdd,
  onRemove,
}: DishCartControlsProps) {
  const t = useT();
  const popup = opensOptions ? ('dialog' as const) : undefined;
  if (quantity === 0) {
    return (
      <button
        type="button"
        onClick={onAdd}
        disabled={!canAdd}
        aria-label={t('table.dish.add', { name })}
        aria-haspopup={popup}
        className="btn btn-primary min-h-11 rounded-full px-4"
      >
        <Plus aria-hidden="true" className="size-4" />
        {t('table.dish.addShort')}
      </button>
    );
  }
  return (
    <div className="flex items-center rounded-full border border-amber-800 bg-white">
      <button
        type="button"
        onClick={onRemove}
        aria-label={t('table.dish.removeOne', { name })}
        className="flex size-11 items-center justify-center rounded-full text-amber-900 hover:bg-amber-50"
      >
        <Minus aria-hidden="true" className="size-5" />
      </button>
      <span className="min-w-6 text-center font-semibold tabular-nums">
        {quantity}
        <span className="sr-only"> {t('table.dish.inCart')}</span>
      </span>
      <button
        type="button"
        onClick={onAdd}
        disabled={!canAdd}
        aria-label={t('table.dish.addOneMore', { name })}
        aria-haspopup={popup}
        className="flex size-11 items-center justify-center rounded-full text-amber-900 hover:bg-amber-50 disabled:opacity-40"
      >
        <Plus aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
