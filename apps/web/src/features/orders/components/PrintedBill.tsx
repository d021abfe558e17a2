import { billPrintKindOf, type Order } from '@quan/contract/order';
import { transferNote } from '@quan/contract/payments';
import type { BankAccount } from '@quan/contract/settings';
import { byVatRate } from '@quan/contract/vat';
import { VietQrCode } from '../../../components/VietQrCode';
import type { BillPlace } from '../api/get-bank-account';
import { formatClock, formatDateTime, formatPercent } from '../../../lib/date-format';
import { formatMoney, formatPriceChange } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { vatLineLabel } from '../../../lib/vat-line-label';
import { paymentMethodMessages } from './payment-labels';
import { InvoiceOnBill } from './InvoiceOnBill';

/** A tax or service-charge rate as the bill prints it: "8%", "8,5%". */
const formatRate = (rate: number) => formatPercent(rate, 2);

/**
 * What is still to pay and the transfer note that pays it: the whole bill (no part), or each part of a split
 * one still due (only `partNo` when the guest pays that part).
 */
function transfersDue(
  order: Order,
  partNo: number | null,
): { key: string; partNo: number | null; amount: number; note: string }[] {
  if (order.billParts.length === 0) {
    return order.due > 0 ? [{ key: 'bill', partNo: null, amount: order.due, note: transferNote(order.orderNo) }] : [];
  }
  return order.billParts
    .filter((part) => part.due > 0 && (partNo === null || part.no === partNo))
    .map((part) => ({
      key: `part-${part.no}`,
      partNo: part.no,
      amount: part.due,
      note: transferNote(order.orderNo, part.no),
    }));
}

interface RowProps {
  label: string;
  value: string;
  strong?: boolean;
  /** A detail of the row above (a payment's tip or change). */
  indent?: boolean;
}

function Row({ label, value, strong = false, indent = false }: RowProps) {
  return (
    <div className={`flex justify-between gap-2 ${strong ? 'text-base font-bold' : ''} ${indent ? 'pl-4' : ''}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** What the guest pays for: a voided line is off the bill, and a partly voided one counts what is left of it. */
function billedLines(order: Order) {
  return order.items.filter((line) => line.quantity > line.voidedQuantity);
}

export interface PrintedBillProps {
  order: Order;
  restaurantName: string;
  /** The branch it is printed in: its name (when not the restaurant's), address, phone, tax code and header lines. */
  place?: BillPlace | null;
  /** The account guests transfer to: with it, what is still due gets a VietQR code. */
  bank?: BankAccount | null;
  /** On a split bill, the part the guest pays: only its code is printed. Null: every part still due. */
  partNo?: number | null;
  /** Which copy of the paper this is (2 and later say REPRINT); null for the bill shown on a screen. */
  copy?: number | null;
  /** When it was printed; the screen's copy has none. */
  printedAt?: string | null;
  /** The print could not be counted (the server was out of reach): the paper says so. */
  uncounted?: boolean;
}

/**
 * The guest's paper of an order, laid out for an 80 mm receipt printer (the `.ticket` styles in index.css): the
 * provisional bill ("Phiếu tạm tính") while something is due, the receipt ("Phiếu thanh toán") once the order is
 * paid. Each dish in bold, its options under it with their prices, then the portion's price and the line's
 * total; the discount, service charge, VAT (added to the total, or the part the prices contain) and total; each
 * payment with its cash rounding, tip, the cash handed over and the change; and while something is due, what
 * is due with a VietQR code the guest scans to transfer it (one per part of a split bill). A reprint says so at
 * the top, so a guest handed a second copy is not asked to pay twice.
 */
export function PrintedBill({
  order,
  restaurantName,
  place = null,
  bank = null,
  partNo = null,
  copy = null,
  printedAt = null,
  uncounted = false,
}: PrintedBillProps) {
  const t = useT();
  const { bills } = order;
  const isReceipt = billPrintKindOf(order) === 'receipt';
  const payments = order.payments.filter((payment) => payment.amount > payment.refunded || payment.tip > 0);
  const dues = order.status === 'cancelled' ? [] : transfersDue(order, partNo);
  const guest = [order.customerDetails.name, order.customerDetails.phone].filter(Boolean).join(' · ');
  // One line per VAT rate: "VAT 8%", "VAT 10%"; KCT lines are not subject to it.
  const taxRows = byVatRate(bills.taxes).map(({ vatRate, tax }) => (
    <Row key={vatRate} label={vatLineLabel(t, vatRate, bills.pricesIncludeTax)} value={formatMoney(tax)} />
  ));
  return (
    <article
      aria-label={t(isReceipt ? 'orders.bill.receiptLabel' : 'orders.bill.billLabel', { orderNo: order.orderNo })}
      className="ticket"
    >
      {copy !== null && copy > 1 && (
        <p className="mb-2 border-4 border-black py-1 text-center text-2xl font-extrabold tracking-widest">
          {t('orders.print.reprint')}{' '}
          <span className="block text-sm font-bold tracking-normal">{t('orders.print.copy', { copy })}</span>
        </p>
      )}
      {uncounted && (
        <p className="mb-2 border-2 border-black py-1 text-center font-bold">{t('orders.bill.uncounted')}</p>
      )}
      <header className="ticket-center">
        <p className="text-base font-bold uppercase">{restaurantName}</p>
        {place && place.name !== restaurantName && <p className="font-bold">{place.name}</p>}
        {place?.address && <p className="whitespace-pre-line">{place.address}</p>}
        {place?.phone && <p>{t('orders.bill.phone', { phone: place.phone })}</p>}
        {place?.taxCode && <p>{t('orders.bill.taxCode', { taxCode: place.taxCode })}</p>}
        {place?.receiptHeader && <p className="whitespace-pre-line">{place.receiptHeader}</p>}
        <p className="text-base font-bold">{t(isReceipt ? 'orders.bill.receiptHeading' : 'orders.bill.billHeading')}</p>
        <p>{t('orders.bill.orderNo', { orderNo: order.orderNo })}</p>
        <p>{formatDateTime(order.createdAt)}</p>
        {printedAt && <p>{t('orders.bill.printedAt', { time: formatClock(printedAt) })}</p>}
      </header>
      <p className="ticket-rule">
        {order.table ? t('pos.table', { tableNo: order.table.tableNo }) : t('pos.takeaway')} ·{' '}
        {t('pos.guests', { count: order.customerDetails.guests })}
        {guest && (
          <>
            <br />
            {t('pos.receipt.guest', { name: guest })}
          </>
        )}
        {/* The company the guest asked the e-invoice for, so they can check it before leaving. */}
        {order.invoiceBuyer && (
          <>
            <br />
            {t('orders.bill.buyerCompany', { name: order.invoiceBuyer.name })}
            <br />
            {t('orders.bill.taxCode', { taxCode: order.invoiceBuyer.taxCode })}
          </>
        )}
      </p>
      <ul className="ticket-rule space-y-1">
        {billedLines(order).map((line) => (
          <li key={line.position}>
            <p className="font-bold">
              {line.quantity - line.voidedQuantity} × {line.name}
            </p>
            {/* Each option as it was sold, with what it added to the portion ("Lớn +10.000 ₫"). */}
            {line.options.map((option, index) => (
              <p key={index} className="flex justify-between gap-2 pl-4">
                <span>{option.name}</span>
                {option.priceDelta !== 0 && (
                  <span className="tabular-nums">{formatPriceChange(option.priceDelta)}</span>
                )}
              </p>
            ))}
            <p className="flex justify-between gap-2 pl-4 tabular-nums">
              <span>{formatMoney(line.price)}</span>
              <span>{formatMoney(line.total)}</span>
            </p>
            {line.note && <p className="pl-4 italic">({line.note})</p>}
          </li>
        ))}
      </ul>
      <dl className="ticket-rule space-y-0.5">
        <Row label={t('pos.bill.subtotal')} value={formatMoney(bills.subtotal)} />
        <Row
          label={order.coupon ? t('pos.bill.discountCode', { code: order.coupon.code }) : t('pos.bill.discount')}
          value={bills.discount > 0 ? `−${formatMoney(bills.discount)}` : formatMoney(0)}
        />
        {bills.serviceCharge > 0 && (
          <Row
            label={t('pos.receipt.serviceCharge', { rate: formatRate(bills.serviceRate) })}
            value={formatMoney(bills.serviceCharge)}
          />
        )}
        {!bills.pricesIncludeTax && taxRows}
        <Row label={t('pos.bill.total')} value={formatMoney(bills.total)} strong />
        {/* Prices with VAT inside: the total already holds it, so it is shown under the total, not added. */}
        {bills.pricesIncludeTax && taxRows}
      </dl>
      {(payments.length > 0 || dues.length > 0) && (
        <dl aria-label={t('pos.receipt.payments')} className="ticket-rule space-y-0.5">
          {payments.map((payment) => (
            <div key={payment._id} className="space-y-0.5">
              <Row
                label={
                  payment.partNo
                    ? t('pos.receipt.methodPart', {
                        method: t(paymentMethodMessages[payment.method]),
                        partNo: payment.partNo,
                      })
                    : t(paymentMethodMessages[payment.method])
                }
                value={formatMoney(payment.amount - payment.refunded)}
              />
              {payment.rounding !== 0 && (
                <Row indent label={t('orders.bill.rounding')} value={formatPriceChange(payment.rounding)} />
              )}
              {payment.tip > 0 && <Row indent label={t('pos.receipt.tip')} value={formatMoney(payment.tip)} />}
              {payment.tendered !== null && (
                <>
                  <Row indent label={t('pos.receipt.cashReceived')} value={formatMoney(payment.tendered)} />
                  <Row indent label={t('pos.receipt.change')} value={formatMoney(payment.change)} />
                </>
              )}
              {payment.refunded > 0 && (
                <Row indent label={t('pos.receipt.refunded')} value={`−${formatMoney(payment.refunded)}`} />
              )}
            </div>
          ))}
          {order.paid > 0 && dues.length > 0 && <Row label={t('orders.bill.paid')} value={formatMoney(order.paid)} />}
          {dues.map((due) => (
            <Row
              key={due.key}
              label={due.partNo === null ? t('pos.receipt.due') : t('pos.receipt.partDue', { partNo: due.partNo })}
              value={formatMoney(due.amount)}
              strong
            />
          ))}
        </dl>
      )}
      {bank &&
        dues.map((due) => (
          <section
            key={due.key}
            aria-label={
              due.partNo === null
                ? t('pos.receipt.transferDue')
                : t('pos.receipt.transferPartDue', { partNo: due.partNo })
            }
            className="ticket-rule"
          >
            <p className="ticket-center font-bold">
              {order.billParts.length > 0 && due.partNo !== null
                ? t('pos.receipt.scanPart', { partNo: due.partNo })
                : t('pos.receipt.scan')}
            </p>
            <VietQrCode bank={bank} amount={due.amount} note={due.note} size={160} layout="below" />
          </section>
        ))}
      <InvoiceOnBill invoice={order.invoice} />
      <footer className="ticket-rule ticket-center">
        <p className="font-bold">
          {order.due === 0
            ? t('pos.receipt.paid')
            : order.paid > 0
              ? t('pos.receipt.partlyPaid')
              : t('pos.receipt.notPaid')}
        </p>
        {order.createdBy && <p>{t('pos.receipt.servedBy', { name: order.createdBy.name })}</p>}
        <p>{t('pos.receipt.thanks')}</p>
      </footer>
    </article>
  );
}
