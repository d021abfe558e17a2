import { formatMoney } from '../../../lib/format';

const percentFormat = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 2 });

export function formatTaxRate(rate: number): string {
  return `${percentFormat.format(rate)} %`;
}

/** Tax as the server computes it: on the subtotal after discount, rounded to whole VND. */
export function estimateTax(subtotal: number, taxRate: number): number {
  return Math.round((subtotal * taxRate) / 100);
}

interface BillSummaryProps {
  subtotal: number;
  taxRate: number;
}

/** The bill as far as the cart can tell; the server prices the order. */
export function BillSummary({ subtotal, taxRate }: BillSummaryProps) {
  const tax = estimateTax(subtotal, taxRate);
  const rows: [string, string][] = [
    ['Subtotal', formatMoney(subtotal)],
    ['Discount', formatMoney(0)],
    [`Tax (${formatTaxRate(taxRate)})`, formatMoney(tax)],
  ];
  return (
    <div>
      <dl className="space-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-stone-600">{label}</dt>
            <dd className="text-stone-900 tabular-nums">{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-stone-200 pt-2 text-base font-bold">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatMoney(subtotal + tax)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-stone-600">An estimate. Final prices are set by the server.</p>
    </div>
  );
}
