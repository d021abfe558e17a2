import { computeBill, percentOf, subtotalsByRate, taxContained } from '@quan/contract/bill';
import type { CompanyInvoiceBuyer } from '@quan/contract/einvoice';
import type { PaymentMethod } from '@quan/contract/payments';
import { vatPercent, type TaxPart, type VatRate } from '@quan/contract/vat';
import type { orderPayments } from '../../db/schema/payments';
import type { orderLines, orders } from '../../db/schema/orders';
import {
  invoiceBuyerOf,
  totalsOf,
  type EInvoice,
  type EInvoiceLine,
  type EInvoicePaymentMethod,
  type EInvoiceSeller,
} from './provider';

/** What a dish is counted in on the invoice: a restaurant sells portions, glasses and bottles alike as "phần". */
const PORTION = 'Phần';
const SERVICE_CHARGE_UNIT = 'Lần';

type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;
type PaymentRow = typeof orderPayments.$inferSelect;

/** The bill recomputed from the order's lines disagrees with what the order stored: the invoice is not sent. */
export class SaleInvoiceMismatch extends Error {}

export interface SaleInvoiceInput {
  transactionId: string;
  order: Pick<
    OrderRow,
    | 'orderNo'
    | 'discount'
    | 'couponCode'
    | 'serviceRate'
    | 'serviceCharge'
    | 'serviceVatRate'
    | 'pricesIncludeTax'
    | 'taxes'
    | 'tax'
    | 'total'
    | 'paymentStatus'
  >;
  lines: readonly Pick<
    OrderLineRow,
    'name' | 'options' | 'price' | 'quantity' | 'voidedQuantity' | 'total' | 'vatRate'
  >[];
  payments: readonly Pick<PaymentRow, 'method' | 'amount' | 'refunded'>[];
  seller: EInvoiceSeller;
  /** null: a walk-in guest. */
  buyer: CompanyInvoiceBuyer | null;
  issuedAt: Date;
}

/** One amount the invoice writes at a rate, as the bill counted it (with VAT inside when the menu's prices hold it). */
interface Entry {
  kind: EInvoiceLine['kind'];
  name: string;
  unitName: string;
  quantity: number;
  amount: number;
}

/**
 * The sale invoice of a completed order, built from the same bill the receipt printed: the order's billed lines
 * added up by rate, its discount shared between the rates as `computeBill` shares it, the service charge at its own
 * rate, and each rate's tax the one the order stored. Amounts on the invoice are before VAT; with menu prices that
 * hold the VAT, each line shows what its price contains.
 *
 * The discount is written as one discount line per rate (chiết khấu thương mại), not folded into the dishes'
 * prices: a Vietnamese VAT invoice shows the goods at the price they were sold at and the commercial discount
 * reducing the taxable amount of each rate it applies to, so the guest finds the menu's prices and the receipt's
 * discount on it, and each rate's taxable amount still equals the bill's.
 *
 * Throws `SaleInvoiceMismatch` when the bill recomputed from the lines is not the one the order stored.
 */
export function buildSaleInvoice(input: SaleInvoiceInput): EInvoice {
  const { order } = input;
  const billed = input.lines.filter((line) => line.total !== 0);
  const subtotals = subtotalsByRate(billed.map((line) => ({ vatRate: line.vatRate, amount: line.total })));
  const bill = computeBill({
    subtotals,
    discount: order.discount,
    serviceRate: order.serviceRate,
    serviceVatRate: order.serviceVatRate,
    pricesIncludeTax: order.pricesIncludeTax,
  });
  const stored = comparable(order.taxes);
  if (comparable(bill.taxes) !== stored || bill.total !== order.total || bill.serviceCharge !== order.serviceCharge) {
    // An order billed before VAT by dish at a rate no invoice carries (7 %) holds that rate's tax under the listed
    // rate nearest it: its lines give another, and no invoice can say what the guest was charged.
    throw new SaleInvoiceMismatch(
      `Order ${order.orderNo} holds VAT ${describeTaxes(order.taxes)} and total ${order.total}, but its dishes at ` +
        `their rates give VAT ${describeTaxes(bill.taxes)} and total ${bill.total}: it was billed at another rate ` +
        `(before VAT by dish, or at a rate invoices do not carry), so its invoice is not sent; issue it by hand`,
    );
  }

  const discountName = order.couponCode ? `Chiết khấu thương mại (mã ${order.couponCode})` : 'Chiết khấu thương mại';

  const lines = bill.taxes.flatMap((part) => {
    const entries: Entry[] = billed
      .filter((line) => line.vatRate === part.vatRate)
      .map((line) => ({
        kind: 'item',
        name: lineName(line),
        unitName: PORTION,
        quantity: line.quantity - line.voidedQuantity,
        amount: line.total,
      }));
    // The discount's share of this rate, as the bill shared it.
    const discount = bill.discounts.find((share) => share.vatRate === part.vatRate)?.amount ?? 0;
    if (discount > 0)
      entries.push({ kind: 'discount', name: discountName, unitName: '', quantity: 1, amount: discount });
    if (bill.serviceCharge > 0 && bill.serviceVatRate === part.vatRate) {
      const name = `Phí phục vụ ${String(bill.serviceRate).replace('.', ',')}%`;
      entries.push({ kind: 'item', name, unitName: SERVICE_CHARGE_UNIT, quantity: 1, amount: bill.serviceCharge });
    }
    return linesOfRate(part, entries, order.pricesIncludeTax);
  });

  const taxesByRate = bill.taxes.map((part) => ({
    vatRate: part.vatRate,
    taxableAmount: part.taxable,
    taxAmount: part.tax,
  }));
  return {
    transactionId: input.transactionId,
    seller: input.seller,
    buyer: invoiceBuyerOf(input.buyer),
    lines,
    taxesByRate,
    totals: totalsOf(taxesByRate),
    paymentMethod: paymentMethodOf(input.payments),
    paid: order.paymentStatus === 'paid',
    issuedAt: input.issuedAt,
  };
}

/**
 * One rate's lines: each with its own VAT (added to, or contained in, its amount), then the đồng that rounding
 * each line apart leaves against the rate's tax, rounded once for the whole rate, given to its largest line, so the
 * lines add up to the rate exactly. With prices that hold the VAT, that line's amount before tax gives up what its
 * tax gains: each line's amount and tax still make what the guest paid for it.
 */
function linesOfRate(part: TaxPart, entries: Entry[], pricesIncludeTax: boolean): EInvoiceLine[] {
  const percent = vatPercent(part.vatRate);
  const lines = entries.map((entry) => {
    const taxAmount = pricesIncludeTax ? taxContained(entry.amount, percent) : percentOf(entry.amount, percent);
    return line(entry, part.vatRate, pricesIncludeTax ? entry.amount - taxAmount : entry.amount, taxAmount);
  });
  const signed = (one: EInvoiceLine, amount: number) => (one.kind === 'discount' ? -amount : amount);
  const left = part.tax - lines.reduce((sum, one) => sum + signed(one, one.taxAmount), 0);
  if (left !== 0) {
    const items = lines.filter((one) => one.kind === 'item');
    const largest = items.reduce((best, one) => (one.amountBeforeTax > best.amountBeforeTax ? one : best), items[0]!);
    largest.taxAmount += left;
    if (pricesIncludeTax) largest.amountBeforeTax -= left;
    largest.unitPrice = unitPrice(largest.amountBeforeTax, largest.quantity);
  }
  return lines;
}

function line(entry: Entry, vatRate: VatRate, amountBeforeTax: number, taxAmount: number): EInvoiceLine {
  return {
    kind: entry.kind,
    name: entry.name,
    unitName: entry.unitName,
    quantity: entry.quantity,
    unitPrice: unitPrice(amountBeforeTax, entry.quantity),
    vatRate,
    amountBeforeTax,
    taxAmount,
  };
}

/** A price before VAT taken out of one that held it rarely divides evenly: two decimals, as invoices print it. */
const unitPrice = (amount: number, quantity: number) => Math.round((amount / quantity) * 100) / 100;

/** The dish as the receipt names it, with the options chosen: "Phở bò (Lớn, Thêm trứng)". */
function lineName(line: Pick<OrderLineRow, 'name' | 'options'>): string {
  const options = line.options.map((option) => option.name).filter(Boolean);
  return options.length === 0 ? line.name : `${line.name} (${options.join(', ')})`;
}

const comparable = (taxes: readonly TaxPart[]) =>
  JSON.stringify(
    [...taxes]
      .map(({ vatRate, taxable, tax }) => ({ vatRate, taxable, tax }))
      .sort((a, b) => String(a.vatRate).localeCompare(String(b.vatRate))),
  );

/** "8 %: 7.000 on 100.000": a bill's taxes as a person reads them in the failed list. */
const describeTaxes = (taxes: readonly TaxPart[]) =>
  taxes.length === 0
    ? 'none'
    : taxes
        .map(({ vatRate, taxable, tax }) => `${vatRate === 'KCT' ? 'KCT' : `${vatRate} %`}: ${tax} on ${taxable}`)
        .join(', ');

/**
 * How the invoice says the guest paid: one way of paying names it, several are "mixed". A transfer and an e-wallet
 * are both money moved between accounts (chuyển khoản); a voucher is neither cash nor a transfer.
 */
const METHODS: Record<PaymentMethod, EInvoicePaymentMethod> = {
  cash: 'cash',
  transfer: 'bank-transfer',
  ewallet: 'bank-transfer',
  card: 'card',
  voucher: 'mixed',
};

function paymentMethodOf(payments: SaleInvoiceInput['payments']): EInvoicePaymentMethod {
  const kinds = new Set(payments.filter((one) => one.amount - one.refunded > 0).map((one) => METHODS[one.method]));
  return kinds.size === 1 ? [...kinds][0]! : 'mixed';
}
