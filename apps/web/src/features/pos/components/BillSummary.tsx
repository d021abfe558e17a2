import { byVatRate, type TaxPart } from '@quan/contract/vat';
import { formatCount, formatPercent } from '../../../lib/date-format';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { vatLineLabel } from '../../../lib/vat-line-label';
import type { EstimatedBill } from '../pages/use-cart-bill';

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

/** The VAT lines of a bill, one per rate in the order bills list them. */
export function taxRows(
  bill: { taxes: readonly TaxPart[]; pricesIncludeTax: boolean },
  t: ReturnType<typeof useT>,
): [string, string][] {
  return byVatRate(bill.taxes).map(({ vatRate, tax }) => [
    vatLineLabel(t, vatRate, bill.pricesIncludeTax),
    formatMoney(tax),
  ]);
}

/** The discount line of a bill: its coupon's code if it has one, and what it takes off. */
export function discountRow(code: string | null, discount: number, t: ReturnType<typeof useT>): [string, string] {
  return [
    code ? t('pos.bill.discountCode', { code }) : t('pos.bill.discount'),
    discount > 0 ? `−${formatMoney(discount)}` : formatMoney(0),
  ];
}

interface BillSummaryProps {
  /** The cart's bill as `computeBill` works it out: its discount, service charge and VAT by rate. */
  bill: EstimatedBill;
  /** The checked coupon's code, if one takes something off. */
  couponCode: string | null;
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
export function BillSummary({ bill, couponCode, points }: BillSummaryProps) {
  const t = useT();
  const rows: [string, string][] = [
    [t('pos.bill.subtotal'), formatMoney(bill.subtotal)],
    discountRow(couponCode, bill.discount, t),
    ...serviceChargeRow(bill.serviceRate, bill.serviceCharge, t),
    ...taxRows(bill, t),
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
