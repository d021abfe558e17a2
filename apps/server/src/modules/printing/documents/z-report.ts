import { formatVnd } from '@quan/contract/money';
import type { PaymentMethod } from '@quan/contract/payments';
import type { Shift } from '@quan/contract/shifts';
import type { PrintBlock, PrintDocument } from '../document';

export type ZReportInput = {
  language: 'vi' | 'en';
  restaurantName: string;
  /** The shift with the server's figures, as the shift screens read it. */
  shift: Shift;
  /** Formats an instant in the branch's time zone ("19:42 29/11/2026"). */
  dateTime: (iso: string) => string;
  /** When it is printed, already in the branch's time zone. */
  printedAt: string;
};

const methods: Record<'vi' | 'en', Record<PaymentMethod, string>> = {
  vi: { cash: 'Tiền mặt', card: 'Thẻ', transfer: 'Chuyển khoản', ewallet: 'Ví điện tử', voucher: 'Phiếu quà tặng' },
  en: { cash: 'Cash', card: 'Card', transfer: 'Bank transfer', ewallet: 'E-wallet', voucher: 'Voucher' },
};

const labels = {
  vi: {
    title: 'BÁO CÁO CUỐI CA (Z)',
    titleOpen: 'BÁO CÁO CUỐI CA (Z) – CA CHƯA ĐÓNG',
    shift: (shiftNo: number, drawer: string) => `Ca ${shiftNo} · ${drawer}`,
    reopened: (count: number) => `Đã mở lại ${count} lần`,
    opened: 'Mở ca',
    by: 'bởi',
    closed: 'Đóng ca',
    stillOpen: 'Chưa đóng',
    salesByMethodTitle: 'DOANH THU THEO PHƯƠNG THỨC, ĐÃ TRỪ HOÀN TIỀN',
    noPayments: 'Chưa có thanh toán',
    ofWhichRefunded: (count: number) => `  trong đó hoàn tiền (${count})`,
    netSales: 'Doanh thu thuần',
    subtotal: 'Tạm tính',
    discounts: 'Giảm giá',
    serviceCharge: 'Phí phục vụ',
    taxes: 'Thuế',
    vatOn: (rate: string, taxable: string) => `  VAT ${rate} trên ${taxable}`,
    notTaxed: (taxable: string) => `  Không chịu thuế: ${taxable}`,
    voids: (count: number) => `Hủy món (${count})`,
    orderCount: 'Số đơn',
    guestCount: 'Số khách',
    tips: 'Tiền boa',
    unassigned: 'Chưa gán nhân viên',
    cashTitle: 'TIỀN MẶT',
    openingFloat: 'Tiền đầu ca',
    cashSales: 'Doanh thu tiền mặt',
    cashRounding: 'Làm tròn tiền mặt',
    cashTips: 'Tiền boa bằng tiền mặt',
    cashRefunds: 'Hoàn tiền mặt',
    payIns: 'Nộp tiền',
    payOuts: 'Rút tiền',
    expected: 'Phải có',
    counted: 'Đếm được',
    overShort: 'Thừa/thiếu',
    balanced: 'Khớp',
    over: (amount: string) => `Thừa +${amount}`,
    short: (amount: string) => `Thiếu -${amount}`,
    note: (note: string) => `Ghi chú: ${note}`,
    printed: (at: string) => `In lúc ${at}`,
  },
  en: {
    title: 'Z REPORT',
    titleOpen: 'Z REPORT (SHIFT STILL OPEN)',
    shift: (shiftNo: number, drawer: string) => `Shift ${shiftNo} · ${drawer}`,
    reopened: (count: number) => `Reopened ${count} ${count === 1 ? 'time' : 'times'}`,
    opened: 'Opened',
    by: 'by',
    closed: 'Closed',
    stillOpen: 'Still open',
    salesByMethodTitle: 'SALES BY METHOD, NET OF REFUNDS',
    noPayments: 'No payments',
    ofWhichRefunded: (count: number) => `  of which refunded (${count})`,
    netSales: 'Net sales',
    subtotal: 'Subtotal',
    discounts: 'Discounts',
    serviceCharge: 'Service charge',
    taxes: 'Taxes',
    vatOn: (rate: string, taxable: string) => `  VAT ${rate} on ${taxable}`,
    notTaxed: (taxable: string) => `  Not subject to VAT: ${taxable}`,
    voids: (count: number) => `Voids (${count})`,
    orderCount: 'Orders',
    guestCount: 'Guests',
    tips: 'Tips',
    unassigned: 'Unassigned',
    cashTitle: 'CASH',
    openingFloat: 'Opening float',
    cashSales: 'Cash sales',
    cashRounding: 'Cash rounding',
    cashTips: 'Cash tips',
    cashRefunds: 'Cash refunds',
    payIns: 'Pay-ins',
    payOuts: 'Pay-outs',
    expected: 'Expected',
    counted: 'Counted',
    overShort: 'Over/short',
    balanced: 'Balanced',
    over: (amount: string) => `Over +${amount}`,
    short: (amount: string) => `Short -${amount}`,
    note: (note: string) => `Note: ${note}`,
    printed: (at: string) => `Printed ${at}`,
  },
};

/** Money taken off, with a minus every code page has. */
const minus = (amount: number) => (amount > 0 ? `-${formatVnd(amount)}` : formatVnd(0));
/** The cash rounding with its sign: the guests handed over more (+) or less (-) than their bills. */
const signed = (amount: number) => (amount < 0 ? minus(-amount) : amount > 0 ? `+${formatVnd(amount)}` : formatVnd(0));

/**
 * The end-of-shift report as the browser prints it: who opened and closed the drawer, what it sold by method,
 * the orders' figures (the VAT by rate), the tips, and the cash the drawer should hold against what was counted (the cash rounding
 * a line of its own, never in the sales).
 */
export function zReportDocument(input: ZReportInput): PrintDocument {
  const text = labels[input.language];
  const { shift } = input;
  const { report } = shift;
  const { cash } = report;
  const row = (left: string, right: string, bold = false): PrintBlock => ({ kind: 'row', left, right, bold });
  const overShort =
    cash.overShort === null
      ? null
      : cash.overShort === 0
        ? text.balanced
        : cash.overShort > 0
          ? text.over(formatVnd(cash.overShort))
          : text.short(formatVnd(-cash.overShort));

  const blocks: PrintBlock[] = [
    { kind: 'title', text: input.restaurantName.toLocaleUpperCase('vi') },
    {
      kind: 'text',
      text: shift.status === 'closed' ? text.title : text.titleOpen,
      align: 'center',
      bold: true,
      size: 'large',
    },
    { kind: 'text', text: text.shift(shift.shiftNo, shift.deviceName), align: 'center' },
    ...(shift.reopenCount > 0
      ? [{ kind: 'text', text: text.reopened(shift.reopenCount), align: 'center' } as const]
      : []),
    { kind: 'rule' },
    row(text.opened, input.dateTime(shift.openedAt)),
    row(text.by, shift.openedBy?.name ?? '—'),
    row(text.closed, shift.closedAt ? input.dateTime(shift.closedAt) : text.stillOpen),
    ...(shift.closedAt ? [row(text.by, shift.closedBy?.name ?? '—')] : []),
    { kind: 'rule' },
    { kind: 'text', text: text.salesByMethodTitle, bold: true },
    ...(report.byMethod.length === 0 ? [row(text.noPayments, formatVnd(0))] : []),
    ...report.byMethod.map(({ method, payments, amount }) =>
      row(`${methods[input.language][method]} (${payments})`, formatVnd(amount)),
    ),
    ...(report.refunds.count > 0
      ? [row(text.ofWhichRefunded(report.refunds.count), minus(report.refunds.amount))]
      : []),
    row(text.netSales, formatVnd(report.netSales), true),
    { kind: 'rule' },
    row(text.subtotal, formatVnd(report.subtotal)),
    row(text.discounts, minus(report.discounts)),
    row(text.serviceCharge, formatVnd(report.serviceCharge)),
    row(text.taxes, formatVnd(report.taxes)),
    // The shift's VAT rate by rate, as the bills rounded it: what its invoices declare.
    ...report.taxesByRate.map(({ vatRate, taxable, tax }) =>
      row(
        vatRate === 'KCT' ? text.notTaxed(formatVnd(taxable)) : text.vatOn(`${vatRate}%`, formatVnd(taxable)),
        formatVnd(tax),
      ),
    ),
    row(text.voids(report.voids.count), minus(report.voids.amount)),
    row(text.orderCount, String(report.orders)),
    row(text.guestCount, String(report.guests)),
    { kind: 'rule' },
    row(text.tips, formatVnd(report.tips.amount), true),
    ...report.tips.byStaff.map(({ staff, amount }) => row(`  ${staff?.name ?? text.unassigned}`, formatVnd(amount))),
    { kind: 'rule' },
    { kind: 'text', text: text.cashTitle, bold: true },
    row(text.openingFloat, formatVnd(cash.openingFloat)),
    row(text.cashSales, formatVnd(cash.sales)),
    row(text.cashRounding, signed(cash.rounding)),
    row(text.cashTips, formatVnd(cash.tips)),
    row(text.cashRefunds, minus(cash.refunds)),
    row(text.payIns, formatVnd(cash.payIns)),
    row(text.payOuts, minus(cash.payOuts)),
    row(text.expected, formatVnd(cash.expected), true),
    row(text.counted, cash.counted === null ? '—' : formatVnd(cash.counted), true),
    ...(overShort === null ? [] : [row(text.overShort, overShort, true)]),
    ...(shift.noteCounts ?? []).map(({ note, count }) =>
      row(`  ${count} × ${formatVnd(note)}`, formatVnd(note * count)),
    ),
  ];
  if (shift.note) blocks.push({ kind: 'rule' }, { kind: 'text', text: text.note(shift.note) });
  blocks.push({ kind: 'rule' }, { kind: 'text', text: text.printed(input.printedAt), align: 'center' });
  return { blocks };
}
