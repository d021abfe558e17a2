import type { Order, PaymentMethod } from '@quan/contract/order';
import { transferNote } from '@quan/contract/payments';
import type { BankAccount } from '@quan/contract/settings';
import { VietQrCode } from '../../../components/VietQrCode';
import { formatMoney, formatPriceChange } from '../../../lib/format';
import { formatDateTime } from '../../../lib/date-format';
import { useT } from '../../../lib/i18n';
import { formatTaxRate } from './BillSummary';

/** The payment methods as a receipt names them, as message ids (the POS sells, the orders feature settles). */
const methodLabels: Record<PaymentMethod, string> = {
  cash: 'pos.method.cash',
  card: 'pos.method.card',
  transfer: 'pos.method.transfer',
  ewallet: 'pos.method.ewallet',
  voucher: 'pos.method.voucher',
};

/**
 * What is still to pay and the transfer note that pays it: the whole bill (no part), or each part of a split
 * one.
 */
function transfersDue(order: Order): { key: string; partNo: number | null; amount: number; note: string }[] {
  if (order.billParts.length === 0) {
    return order.due > 0 ? [{ key: 'bill', partNo: null, amount: order.due, note: transferNote(order.orderNo) }] : [];
  }
  return order.billParts
    .filter((part) => part.due > 0)
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

interface ReceiptProps {
  order: Order;
  restaurantName: string;
  /** The account guests transfer to: with it, what is still due gets a VietQR code. */
  bank?: BankAccount | null;
}

/**
 * The guest's bill with the server's numbers, laid out for an 80 mm receipt printer: each dish in bold, its
 * options under it with their prices, then the portion's price and the line's total; the service charge, tax
 * and total; each payment with its tip, the cash handed over and the change; and while something is due, what
 * is due with a VietQR code the guest scans to transfer it.
 */
export function Receipt({ order, restaurantName, bank = null }: ReceiptProps) {
  const t = useT();
  const { bills } = order;
  const payments = order.payments.filter((payment) => payment.amount > payment.refunded || payment.tip > 0);
  const dues = order.status === 'cancelled' ? [] : transfersDue(order);
  return (
    <article aria-label={t('pos.receipt.label', { orderNo: order.orderNo })} className="ticket">
      <header className="ticket-center">
        <p className="text-base font-bold uppercase">{restaurantName}</p>
        <p>{t('pos.receipt.heading', { orderNo: order.orderNo })}</p>
        <p>{formatDateTime(order.createdAt)}</p>
      </header>
      <p className="ticket-rule">
        {order.table ? t('pos.table', { tableNo: order.table.tableNo }) : t('pos.takeaway')} ·{' '}
        {t('pos.guests', { count: order.customerDetails.guests })}
        <br />
        {t('pos.receipt.guest', { name: order.customerDetails.name })}
        {order.customerDetails.phone && ` · ${order.customerDetails.phone}`}
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
            label={t('pos.receipt.serviceCharge', { rate: formatTaxRate(bills.serviceRate) })}
            value={formatMoney(bills.serviceCharge)}
          />
        )}
        <Row label={t('pos.bill.tax', { rate: formatTaxRate(bills.taxRate) })} value={formatMoney(bills.tax)} />
        <Row label={t('pos.bill.total')} value={formatMoney(bills.total)} strong />
      </dl>
      {(payments.length > 0 || dues.length > 0) && (
        <dl aria-label={t('pos.receipt.payments')} className="ticket-rule space-y-0.5">
          {payments.map((payment) => (
            <div key={payment._id} className="space-y-0.5">
              <Row
                label={
                  payment.partNo
                    ? t('pos.receipt.methodPart', { method: t(methodLabels[payment.method]), partNo: payment.partNo })
                    : t(methodLabels[payment.method])
                }
                value={formatMoney(payment.amount - payment.refunded)}
              />
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
              {dues.length > 1 && due.partNo !== null
                ? t('pos.receipt.scanPart', { partNo: due.partNo })
                : t('pos.receipt.scan')}
            </p>
            <VietQrCode bank={bank} amount={due.amount} note={due.note} size={160} layout="below" />
          </section>
        ))}
      <footer className="ticket-rule ticket-center">
        <p>
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
