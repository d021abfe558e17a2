import { computeBill } from '@quan/contract/bill';
import { formatMoney } from '../../../lib/format';

const percentFormat = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 2 });
const pointsFormat = new Intl.NumberFormat('vi-VN');

export function formatTaxRate(rate: number): string {
  return `${percentFormat.format(rate)} %`;
}

/** The service-charge line of an estimated bill, where the order's kind has one. */
export function serviceChargeRow(serviceRate: number, serviceCharge: number): [string, string][] {
  return serviceRate > 0 ? [[`Service charge (${formatTaxRate(serviceRate)})`, formatMoney(serviceCharge)]] : [];
}

interface BillSummaryProps {
  subtotal: number;
  /** What the checked coupon takes off, and its code. */
  discount: number;
  couponCode: string | null;
  taxRate: number;
  /** The service-charge percent for this kind of order (eaten in or taken away); 0 for none. */
  serviceRate: number;
  /** The points this order earns the attached member, credited when it is completed. */
  points: { earned: number; memberName: string } | null;
}

/** The lines of an estimated bill and its total, as the POS shows them (inside a `<dl>`). */
export function BillRows({ rows, total }: { rows: readonly [string, string][]; total: number }) {
  return (
    <>
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-stone-600">{label}</dt>
          <dd className="text-stone-900 tabular-nums">{value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-stone-200 pt-2 text-base font-bold">
        <dt>Total</dt>
        <dd className="tabular-nums">{formatMoney(total)}</dd>
      </div>
    </>
  );
}

/** The bill as far as the cart can tell, computed as the server computes it; the server prices the order. */
export function BillSummary({ subtotal, discount, couponCode, taxRate, serviceRate, points }: BillSummaryProps) {
  const { serviceCharge, tax, total } = computeBill(subtotal, discount, taxRate, serviceRate);
  const rows: [string, string][] = [
    ['Subtotal', formatMoney(subtotal)],
    [couponCode ? `Discount (${couponCode})` : 'Discount', discount > 0 ? `−${formatMoney(discount)}` : formatMoney(0)],
    ...serviceChargeRow(serviceRate, serviceCharge),
    [`Tax (${formatTaxRate(taxRate)})`, formatMoney(tax)],
  ];
  return (
    <div>
      <dl className="space-y-1 text-sm">
        <BillRows rows={rows} total={total} />
        {points && (
          <div className="flex justify-between gap-4 text-amber-900">
            <dt>Points to earn</dt>
            <dd className="font-semibold tabular-nums">+{pointsFormat.format(points.earned)}</dd>
          </div>
        )}
      </dl>
      <p className="mt-2 text-xs text-stone-600">
        An estimate. Final prices are set by the server.
        {points && ` ${points.memberName} gets the points when the order is completed.`}
      </p>
    </div>
  );
}
