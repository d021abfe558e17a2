import { formatVnd } from '@quan/contract/money';
import type { OrderInvoice } from '@quan/contract/einvoice';
import { billPrintKindOf, type Order } from '@quan/contract/order';
import { transferNote, type PaymentMethod } from '@quan/contract/payments';
import type { BankAccount } from '@quan/contract/settings';
import type { TaxPart } from '@quan/contract/vat';
import { BanksObject } from 'vietnam-qr-pay';
import { vietQrPayload } from '../../../lib/vietqr';
import type { PrintBlock, PrintDocument } from '../document';

/** The branch a bill is printed in, as its top names it. */
export type BillPlace = {
  name: string;
  address: string | null;
  phone: string | null;
  taxCode: string | null;
  receiptHeader: string | null;
};

/**
 * The order's e-invoice as the receipt prints it: once issued, its number and where a guest looks it up with its
 * code; until then, that it is on its way.
 */
export type ReceiptInvoice =
  { status: 'issued'; invoiceNumber: string; lookupCode: string; lookupUrl: string } | { status: 'waiting' };

/**
 * What a receipt can say of an order's invoice: issued with everything a guest needs to look it up, or still
 * to come (waiting, or refused and waiting for a person to try again). A cancelled one, or none, prints nothing.
 */
export function receiptInvoiceOf(invoice: OrderInvoice | null | undefined): ReceiptInvoice | undefined {
  if (!invoice) return undefined;
  const { status, invoiceNumber, lookupCode, lookupUrl } = invoice;
  if (status === 'issued' && invoiceNumber && lookupCode && lookupUrl) {
    return { status, invoiceNumber, lookupCode, lookupUrl };
  }
  return status === 'waiting' || status === 'failed' ? { status: 'waiting' } : undefined;
}

export type BillInput = {
  language: 'vi' | 'en';
  /** The order as the order view shows it: its bill is the contract's calculation, never worked out again here. */
  order: Order;
  restaurantName: string;
  place: BillPlace | null;
  /** The account guests transfer to: with it, what is still due gets a VietQR code. */
  bank: BankAccount | null;
  /** Which copy of this paper: the second and later ones are reprints and say so. */
  copy: number;
  /** When the order was placed and when this copy prints, already in the branch's time zone. */
  createdAt: string;
  printedAt: string;
  /** The order's e-invoice, printed on the receipt (never on the provisional bill). */
  invoice?: ReceiptInvoice;
};

const methods: Record<'vi' | 'en', Record<PaymentMethod, string>> = {
  vi: { cash: 'Tiền mặt', card: 'Thẻ', transfer: 'Chuyển khoản', ewallet: 'Ví điện tử', voucher: 'Phiếu quà tặng' },
  en: { cash: 'Cash', card: 'Card', transfer: 'Bank transfer', ewallet: 'E-wallet', voucher: 'Voucher' },
};

const labels = {
  vi: {
    reprint: 'IN LẠI',
    copy: (copy: number) => `bản ${copy}`,
    billHeading: 'PHIẾU TẠM TÍNH',
    receiptHeading: 'PHIẾU THANH TOÁN',
    phone: (phone: string) => `ĐT: ${phone}`,
    taxCode: (taxCode: string) => `MST: ${taxCode}`,
    orderNo: (orderNo: number) => `Đơn #${orderNo}`,
    printedAt: (time: string) => `In lúc ${time}`,
    table: (tableNo: number) => `Bàn ${tableNo}`,
    takeaway: 'Mang về',
    guests: (count: number) => `${count} khách`,
    guest: (name: string) => `Khách: ${name}`,
    subtotal: 'Tạm tính',
    discount: 'Giảm giá',
    discountCode: (code: string) => `Giảm giá (${code})`,
    serviceCharge: (rate: string) => `Phí phục vụ (${rate})`,
    vatAdded: (rate: string, taxable: string) => `VAT ${rate} trên ${taxable}`,
    vatIncluded: (rate: string, taxable: string) => `Đã gồm VAT ${rate} trên ${taxable}`,
    notTaxed: (taxable: string) => `Không chịu thuế: ${taxable}`,
    total: 'Tổng cộng',
    methodPart: (method: string, partNo: number) => `${method} (phần ${partNo})`,
    rounding: 'Làm tròn',
    tip: 'Tiền boa',
    cashReceived: 'Tiền khách đưa',
    change: 'Tiền trả lại',
    refunded: 'Đã hoàn tiền',
    paidSoFar: 'Đã trả',
    due: 'Còn phải trả',
    partDue: (partNo: number) => `Phần ${partNo} còn phải trả`,
    scan: 'Quét mã để thanh toán',
    scanPart: (partNo: number) => `Quét mã để thanh toán · Phần ${partNo}`,
    bank: 'Ngân hàng',
    bankOfBin: (bin: string) => `Ngân hàng ${bin}`,
    account: 'Số tài khoản',
    holder: 'Chủ tài khoản',
    amount: 'Số tiền',
    note: 'Nội dung',
    paid: 'Đã thanh toán',
    partlyPaid: 'Đã thanh toán một phần',
    notPaid: 'Chưa thanh toán',
    servedBy: (name: string) => `Nhân viên phục vụ: ${name}`,
    invoiceNumber: (invoiceNumber: string) => `Hóa đơn điện tử số ${invoiceNumber}`,
    lookupCode: (code: string) => `Mã tra cứu: ${code}`,
    lookupAt: 'Tra cứu tại:',
    invoiceWaiting: 'Hóa đơn điện tử: đang phát hành',
    invoiceWaitingHint: 'Xin hỏi nhân viên phiếu in lại có mã tra cứu',
    thanks: 'Cảm ơn quý khách! Hẹn gặp lại!',
  },
  en: {
    reprint: 'REPRINT',
    copy: (copy: number) => `copy ${copy}`,
    billHeading: 'BILL',
    receiptHeading: 'RECEIPT',
    phone: (phone: string) => `Tel: ${phone}`,
    taxCode: (taxCode: string) => `Tax code: ${taxCode}`,
    orderNo: (orderNo: number) => `Order #${orderNo}`,
    printedAt: (time: string) => `Printed at ${time}`,
    table: (tableNo: number) => `Table ${tableNo}`,
    takeaway: 'Takeaway',
    guests: (count: number) => (count === 1 ? '1 guest' : `${count} guests`),
    guest: (name: string) => `Guest: ${name}`,
    subtotal: 'Subtotal',
    discount: 'Discount',
    discountCode: (code: string) => `Discount (${code})`,
    serviceCharge: (rate: string) => `Service charge (${rate})`,
    vatAdded: (rate: string, taxable: string) => `VAT ${rate} on ${taxable}`,
    vatIncluded: (rate: string, taxable: string) => `Incl. VAT ${rate} on ${taxable}`,
    notTaxed: (taxable: string) => `Not subject to VAT: ${taxable}`,
    total: 'Total',
    methodPart: (method: string, partNo: number) => `${method} (part ${partNo})`,
    rounding: 'Rounding',
    tip: 'Tip',
    cashReceived: 'Cash received',
    change: 'Change',
    refunded: 'Refunded',
    paidSoFar: 'Already paid',
    due: 'Still due',
    partDue: (partNo: number) => `Part ${partNo} still due`,
    scan: 'Scan to pay',
    scanPart: (partNo: number) => `Scan to pay · Part ${partNo}`,
    bank: 'Bank',
    bankOfBin: (bin: string) => `Bank ${bin}`,
    account: 'Account',
    holder: 'Holder',
    amount: 'Amount',
    note: 'Note',
    paid: 'Paid',
    partlyPaid: 'Partly paid',
    notPaid: 'Not paid yet',
    servedBy: (name: string) => `Served by ${name}`,
    invoiceNumber: (invoiceNumber: string) => `E-invoice no. ${invoiceNumber}`,
    lookupCode: (code: string) => `Lookup code: ${code}`,
    lookupAt: 'Look it up at:',
    invoiceWaiting: 'E-invoice: being issued',
    invoiceWaitingHint: 'Ask us for a reprint with its lookup code',
    thanks: 'Cảm ơn quý khách! Thank you!',
  },
};

/** A tax or service-charge rate as the bill prints it: "8%", "8,5%". */
const formatRate = (rate: number, language: 'vi' | 'en') =>
  new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-US', { style: 'percent', maximumFractionDigits: 2 }).format(
    rate / 100,
  );

/** Money taken off ("-20.000 ₫") or a change either way ("+500 ₫"), with a minus every code page has. */
const minus = (amount: number) => `-${formatVnd(amount)}`;
const signed = (amount: number) => (amount < 0 ? minus(-amount) : `+${formatVnd(amount)}`);

/** The bank's short name as banking apps show it ("Vietcombank"), from the VietQR library's list. */
function bankName(bin: string): string | null {
  return Object.values(BanksObject).find((bank) => bank.bin === bin && bank.vietQRStatus === 1)?.shortName ?? null;
}

/** What is still to pay and the transfer note that pays it: the whole bill, or each part of a split one still due. */
function transfersDue(order: Order): { partNo: number | null; amount: number; note: string }[] {
  if (order.status === 'cancelled') return [];
  if (order.billParts.length === 0) {
    return order.due > 0 ? [{ partNo: null, amount: order.due, note: transferNote(order.orderNo) }] : [];
  }
  return order.billParts
    .filter((part) => part.due > 0)
    .map((part) => ({ partNo: part.no, amount: part.due, note: transferNote(order.orderNo, part.no) }));
}

/** Each dish the guest pays for (a voided line is off the bill), its options with their prices, its totals. */
function lineBlocks(order: Order): PrintBlock[] {
  return order.items
    .filter((line) => line.quantity > line.voidedQuantity)
    .flatMap((line): PrintBlock[] => [
      { kind: 'text', text: `${line.quantity - line.voidedQuantity} × ${line.name}`, bold: true },
      ...line.options.map((option): PrintBlock =>
        option.priceDelta === 0
          ? { kind: 'text', text: `  ${option.name}` }
          : { kind: 'row', left: `  ${option.name}`, right: signed(option.priceDelta) },
      ),
      { kind: 'row', left: `  ${formatVnd(line.price)}`, right: formatVnd(line.total) },
      ...(line.note ? [{ kind: 'text', text: `  (${line.note})` } as const] : []),
    ]);
}

/**
 * The guest's paper of an order on a thermal printer, as the browser prints it: the provisional bill
 * ("PHIẾU TẠM TÍNH") while something is due, the receipt once the order is paid. The restaurant and the branch
 * (address, phone, tax code, header lines), the order, its table and time; each dish with its options and
 * totals; the discount, service charge, VAT by rate and total; each payment with its rounding, tip, the cash handed over
 * and the change; and while something is due, what is due with a VietQR code for it (one per part of a split
 * bill); on a receipt, its e-invoice's number and lookup code. A reprint says so at the top, so a guest handed a second copy is not asked to pay twice.
 */
export function billDocument(input: BillInput): PrintDocument {
  const text = labels[input.language];
  const { order, place } = input;
  const { bills } = order;
  const isReceipt = billPrintKindOf(order) === 'receipt';
  const rate = (value: number) => formatRate(value, input.language);
  const payments = order.payments.filter((payment) => payment.amount > payment.refunded || payment.tip > 0);
  const dues = transfersDue(order);
  const guest = [order.customerDetails.name, order.customerDetails.phone].filter(Boolean).join(' · ');
  // One line per rate, each with what it was charged on: an invoice's VAT is declared rate by rate.
  const taxRow = (part: TaxPart): PrintBlock => {
    const taxable = formatVnd(part.taxable);
    const left =
      part.vatRate === 'KCT'
        ? text.notTaxed(taxable)
        : bills.pricesIncludeTax
          ? text.vatIncluded(rate(part.vatRate), taxable)
          : text.vatAdded(rate(part.vatRate), taxable);
    return { kind: 'row', left, right: formatVnd(part.tax) };
  };
  const taxRows = bills.taxes.map(taxRow);
  const centred = (value: string, bold = false): PrintBlock => ({ kind: 'text', text: value, align: 'center', bold });

  const blocks: PrintBlock[] = [
    { kind: 'title', text: input.restaurantName.toLocaleUpperCase('vi') },
    ...(place && place.name !== input.restaurantName ? [centred(place.name, true)] : []),
    ...(place?.address ? place.address.split('\n').map((line) => centred(line)) : []),
    ...(place?.phone ? [centred(text.phone(place.phone))] : []),
    ...(place?.taxCode ? [centred(text.taxCode(place.taxCode))] : []),
    ...(place?.receiptHeader ? place.receiptHeader.split('\n').map((line) => centred(line)) : []),
    {
      kind: 'text',
      text: isReceipt ? text.receiptHeading : text.billHeading,
      align: 'center',
      bold: true,
      size: 'large',
    },
    centred(text.orderNo(order.orderNo)),
    centred(input.createdAt),
    centred(text.printedAt(input.printedAt)),
    { kind: 'rule' },
    {
      kind: 'text',
      text: `${order.table ? text.table(order.table.tableNo) : text.takeaway} · ${text.guests(order.customerDetails.guests)}`,
    },
    ...(guest ? [{ kind: 'text', text: text.guest(guest) } as const] : []),
    { kind: 'rule' },
    ...lineBlocks(order),
    { kind: 'rule' },
    { kind: 'row', left: text.subtotal, right: formatVnd(bills.subtotal) },
    {
      kind: 'row',
      left: order.coupon ? text.discountCode(order.coupon.code) : text.discount,
      right: bills.discount > 0 ? minus(bills.discount) : formatVnd(0),
    },
    ...(bills.serviceCharge > 0
      ? [
          {
            kind: 'row',
            left: text.serviceCharge(rate(bills.serviceRate)),
            right: formatVnd(bills.serviceCharge),
          } as const,
        ]
      : []),
    ...(bills.pricesIncludeTax ? [] : taxRows),
    { kind: 'row', left: text.total, right: formatVnd(bills.total), bold: true },
    // Prices with VAT inside: the total already holds it, so it is shown under the total, not added.
    ...(bills.pricesIncludeTax ? taxRows : []),
  ];

  if (payments.length > 0 || dues.length > 0) {
    blocks.push({ kind: 'rule' });
    for (const payment of payments) {
      const method = methods[input.language][payment.method];
      blocks.push({
        kind: 'row',
        left: payment.partNo ? text.methodPart(method, payment.partNo) : method,
        right: formatVnd(payment.amount - payment.refunded),
      });
      if (payment.rounding !== 0)
        blocks.push({ kind: 'row', left: `  ${text.rounding}`, right: signed(payment.rounding) });
      if (payment.tip > 0) blocks.push({ kind: 'row', left: `  ${text.tip}`, right: formatVnd(payment.tip) });
      if (payment.tendered !== null) {
        blocks.push(
          { kind: 'row', left: `  ${text.cashReceived}`, right: formatVnd(payment.tendered) },
          { kind: 'row', left: `  ${text.change}`, right: formatVnd(payment.change) },
        );
      }
      if (payment.refunded > 0)
        blocks.push({ kind: 'row', left: `  ${text.refunded}`, right: minus(payment.refunded) });
    }
    if (order.paid > 0 && dues.length > 0)
      blocks.push({ kind: 'row', left: text.paidSoFar, right: formatVnd(order.paid) });
    for (const due of dues) {
      blocks.push({
        kind: 'row',
        left: due.partNo === null ? text.due : text.partDue(due.partNo),
        right: formatVnd(due.amount),
        bold: true,
      });
    }
  }

  const bank = input.bank;
  if (bank) {
    for (const due of dues) {
      blocks.push(
        { kind: 'rule' },
        centred(due.partNo === null ? text.scan : text.scanPart(due.partNo), true),
        { kind: 'qr', data: vietQrPayload(bank, { amount: due.amount, note: due.note }) },
        { kind: 'row', left: text.bank, right: bankName(bank.bin) ?? text.bankOfBin(bank.bin) },
        { kind: 'row', left: text.account, right: bank.accountNumber },
        { kind: 'row', left: text.holder, right: bank.accountName },
        { kind: 'row', left: text.amount, right: formatVnd(due.amount) },
        { kind: 'row', left: text.note, right: due.note },
      );
    }
  }

  const invoice = isReceipt ? input.invoice : undefined;
  if (invoice?.status === 'issued') {
    blocks.push(
      { kind: 'rule' },
      centred(text.invoiceNumber(invoice.invoiceNumber), true),
      centred(text.lookupCode(invoice.lookupCode), true),
      centred(text.lookupAt),
      // Without its scheme the address fits one line of 80 mm paper, and a browser typed it so finds it all the same.
      centred(invoice.lookupUrl.replace(/^https?:\/\//, '')),
    );
  } else if (invoice?.status === 'waiting') {
    // Its number and code do not exist yet: the receipt says so rather than leave the guest without a way to it.
    blocks.push({ kind: 'rule' }, centred(text.invoiceWaiting, true), centred(text.invoiceWaitingHint));
  }

  blocks.push(
    { kind: 'rule' },
    centred(order.due === 0 ? text.paid : order.paid > 0 ? text.partlyPaid : text.notPaid, true),
    ...(order.createdBy ? [centred(text.servedBy(order.createdBy.name))] : []),
    centred(text.thanks),
  );

  const banner = input.copy > 1 ? { banner: { text: text.reprint, detail: text.copy(input.copy) } } : {};
  return { ...banner, blocks };
}
