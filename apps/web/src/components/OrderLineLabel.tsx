import { describeOptions } from '@quan/contract/option-rules';
import type { SoldOption } from '@quan/contract/options';

interface OrderLineLabelProps {
  line: { name: string; options: readonly Pick<SoldOption, 'name'>[]; note: string };
  /** The kitchen screen's type, read from across the kitchen. */
  size?: 'base' | 'kitchen';
}

const sizes = {
  base: { dish: '', options: 'text-sm', note: 'text-sm' },
  kitchen: { dish: 'text-xl sm:text-2xl', options: 'text-lg sm:text-xl', note: 'text-lg' },
};

/**
 * A dish as kitchens read it: the dish in bold, its options under it ("Lớn · không hành"), then the note.
 * Used by kitchen tickets, receipts, order cards, the cart and the diner's order.
 */
export function OrderLineLabel({ line, size = 'base' }: OrderLineLabelProps) {
  const type = sizes[size];
  return (
    <span className="min-w-0">
      <span className={`block font-bold text-stone-900 ${type.dish}`}>{line.name}</span>
      {line.options.length > 0 && (
        <span className={`block text-stone-700 ${type.options}`}>{describeOptions(line.options)}</span>
      )}
      {line.note && <span className={`block italic text-stone-600 ${type.note}`}>“{line.note}”</span>}
    </span>
  );
}
