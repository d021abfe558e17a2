import { describeOptions, type SoldOption } from '@quan/contract/options';

interface OrderLineLabelProps {
  line: { name: string; options: readonly Pick<SoldOption, 'name'>[]; note: string };
  /** Bigger type on the kitchen screen. */
  size?: 'base' | 'lg';
}

/**
 * A dish as kitchens read it: the dish in bold, its options under it ("Lớn · không hành"), then the note.
 * Used by kitchen tickets, receipts, order cards, the cart and the diner's order.
 */
export function OrderLineLabel({ line, size = 'base' }: OrderLineLabelProps) {
  return (
    <span className="min-w-0">
      <span className={`block font-bold text-stone-900 ${size === 'lg' ? 'text-lg' : ''}`}>{line.name}</span>
      {line.options.length > 0 && (
        <span className={`block text-stone-700 ${size === 'lg' ? 'text-base' : 'text-sm'}`}>
          {describeOptions(line.options)}
        </span>
      )}
      {line.note && <span className="block text-sm italic text-stone-600">“{line.note}”</span>}
    </span>
  );
}
