import type { Order, PaymentMethod } from '@quan/contract/order';
import { transferNote } from '@quan/contract/payments';
import type { BankAccount } from '@quan/contract/settings';
import { VietQrCode } from '../../../components/VietQrCode';
import { formatDateTime, formatMoney, formatPriceChange } from '../../../lib/format';
import { formatTaxRate } from './BillSummary';

/** The payment methods as a receipt names them (the POS sells, the orders feature settles; both agree). */
const methodLabels: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  transfer: 'Bank transfer',
  ewallet: 'E-wallet',
  voucher: 'Voucher',
};

/** What is still to pay and the transfer note that pays it: the whole bill, or each part of a split one. */
function transfersDue(order: Order): { key: string; label: string; amount: number; note: string }[] {
  if (order.billParts.length === 0) {
    return order.due > 0
      ? [{ key: 'bill', label: 'Still due', amount: order.due, note: transferNote(order.orderNo) }]
      : [];
  }
  return order.billParts
    .filter((part) => part.due > 0)
    .map((part) => ({
      key: `part-${part.no}`,
      label: `Part ${part.no} still due`,
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
  const { bills } = order;
  const payments = order.payments.filter((payment) => payment.amount > payment.refunded || payment.tip > 0);
  const dues = order.status === 'cancelled' ? [] : transfersDue(order);
  return (
    <article aria-label={`Receipt for order ${order.orderNo}`} className="ticket">
      <header className="ticket-center">
        <p className="text-base font-bold uppercase">{restaurantName}</p>
        <p>Receipt · Order #{order.orderNo}</p>
        <p>{formatDateTime(order.createdAt)}</p>
      </header>
      <p className="ticket-rule">
        {order.table ? `Table ${order.table.tableNo}` : 'Takeaway'} · {order.customerDetails.guests}{' '}
        {order.customerDetails.guests === 1 ? 'guest' : 'guests'}
        <br />
        Guest: {order.customerDetails.name}
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
        <Row label="Subtotal" value={formatMoney(bills.subtotal)} />
        <Row
          label={order.coupon ? `Discount (${order.coupon.code})` : 'Discount'}
          value={bills.discount > 0 ? `−${formatMoney(bills.discount)}` : formatMoney(0)}
        />
        {bills.serviceCharge > 0 && (
          <Row
            label={`Phí phục vụ / Service charge (${formatTaxRate(bills.serviceRate)})`}
            value={formatMoney(bills.serviceCharge)}
          />
        )}
        <Row label={`Tax (${formatTaxRate(bills.taxRate)})`} value={formatMoney(bills.tax)} />
        <Row label="Total" value={formatMoney(bills.total)} strong />
      </dl>
      {(payments.length > 0 || dues.length > 0) && (
        <dl aria-label="Payments" className="ticket-rule space-y-0.5">
          {payments.map((payment) => (
            <div key={payment._id} className="space-y-0.5">
              <Row
                label={
                  payment.partNo
                    ? `${methodLabels[payment.method]} (part ${payment.partNo})`
                    : methodLabels[payment.method]
                }
                value={formatMoney(payment.amount - payment.refunded)}
              />
              {payment.tip > 0 && <Row indent label="Tip" value={formatMoney(payment.tip)} />}
              {payment.tendered !== null && (
                <>
                  <Row indent label="Cash received" value={formatMoney(payment.tendered)} />
                  <Row indent label="Change" value={formatMoney(payment.change)} />
                </>
              )}
              {payment.refunded > 0 && <Row indent label="Refunded" value={`−${formatMoney(payment.refunded)}`} />}
            </div>
          ))}
          {dues.map((due) => (
            <Row key={due.key} label={due.label} value={formatMoney(due.amount)} strong />
          ))}
        </dl>
      )}
      {bank &&
        dues.map((due) => (
          <section key={due.key} aria-label={`Transfer ${due.label.toLowerCase()}`} className="ticket-rule">
            <p className="ticket-center font-bold">
              Scan to pay{dues.length > 1 ? ` · ${due.label.replace(' still due', '')}` : ''}
            </p>
            <VietQrCode bank={bank} amount={due.amount} note={due.note} size={160} layout="below" />
          </section>
        ))}
      <footer className="ticket-rule ticket-center">
        <p>{order.due === 0 ? 'Paid' : order.paid > 0 ? 'Partly paid' : 'Not paid yet'}</p>
        {order.createdBy && <p>Served by {order.createdBy.name}</p>}
        <p>Cảm ơn quý khách! Thank you!</p>
      </footer>
    </article>
  );
}
