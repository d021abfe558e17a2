import { computeBill } from '@quan/contract/bill';
import { formatCount, formatPercent } from '../../../lib/date-format';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';

/** A tax or service-charge rate, in percent: "10%", "8.5%" in English. */
export function formatTaxRate(rate: number): string {
  return formatPercent(rate, 2);
}

/** The service-charge line of an estimated bill, where the order's kind has one. */
export function serviceChargeRow(
  serviceRate: number,
  serviceCharge: number,
  t: ReturnType<typeof useT>,
): [string, string][] {
  return serviceRate > 0
    ? [[t('pos.bill.serviceCharge', { rate: formatTaxRate(serviceRate) }), formatMoney(serviceCharge)]]
    : [];
}

/**
 * The VAT line of a bill: "VAT included (8%)" when the prices hold it (the total has it already), "Tax (8%)"
 * when it is added on top of them.
 */
export function taxRow(
  bill: { taxRate: number; tax: number; pricesIncludeTax: boolean },
  t: ReturnType<typeof useT>,
): [string, string] {
  const rate = formatTaxRate(bill.taxRate);
  return [
    bill.pricesIncludeTax ? t('pos.bill.taxIncluded', { rate }) : t('pos.bill.tax', { rate }),
    formatMoney(bill.tax),
  ];
}

/** The discount line of a bill: its coupon's code if it has one, and what it takes off. */
export function discountRow(code: string | null, discount: number, t: ReturnType<typeof useT>): [string, string] {
  return [
    code ? t('pos.bill.discountCode', { code }) : t('pos.bill.discount'),
    discount > 0 ? `−${formatMoney(discount)}` : formatMoney(0),
  ];
}

interface BillSummaryProps {
  subtotal: number;
  /** What the checked coupon takes off, and its code. */
  discount: number;
  couponCode: string | null;
  taxRate: number;
  /** The menu prices hold the VAT: the bill shows what they contain. */
  pricesIncludeTax: boolean;
  /** The service-charge percent for this kind of order (eaten in or taken away); 0 for none. */
  serviceRate: number;
  /** The points this order earns the attached member, credited when it is completed. */
  points: { earned: number; memberName: string } | null;
}

/** The lines of an estimated bill and its total, as the POS shows them (inside a `<dl>`). */
export function BillRows({ rows, total }: { rows: readonly [string, string][]; total: number }) {
  const t = useT();
  return (
    <>
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-stone-600">{label}</dt>
          <dd className="text-stone-900 tabular-nums">{value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-stone-200 pt-2 text-base font-bold">
        <dt>{t('pos.bill.total')}</dt>
        <dd className="tabular-nums">{formatMoney(total)}</dd>
      </div>
    </>
  );
}

/** The bill as far as the cart can tell, computed as the server computes it; the server prices the order. */
export function BillSummary({
  subtotal,
  discount,
  couponCode,
  taxRate,
  pricesIncludeTax,
  serviceRate,
  points,
}: BillSummaryProps) {
  const t = useT();
  const bill = computeBill({ subtotal, discount, taxRate, serviceRate, pricesIncludeTax });
  const rows: [string, string][] = [
    [t('pos.bill.subtotal'), formatMoney(subtotal)],
    discountRow(couponCode, discount, t),
    ...serviceChargeRow(serviceRate, bill.serviceCharge, t),
    taxRow(bill, t),
  ];
  return (
    <div>
      <dl className="space-y-1 text-sm">
        <BillRows rows={rows} total={bill.total} />
        {points && (
          <div className="flex justify-between gap-4 text-amber-900">
            <dt>{t('pos.bill.pointsToEarn')}</dt>
            <dd className="font-semibold tabular-nums">+{formatCount(points.earned)}</dd>
          </div>
        )}
      </dl>
      <p className="mt-2 text-xs text-stone-600">
        {t('pos.bill.estimate')}
        {points && ` ${t('pos.bill.pointsWhenCompleted', { name: points.memberName })}`}
      </p>
    </div>
  );
}
