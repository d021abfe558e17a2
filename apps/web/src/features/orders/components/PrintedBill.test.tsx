import { render, screen, within } from '@testing-library/react';
import type { Order } from '@quan/contract/order';
import type { Payment } from '@quan/contract/payments';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../lib/format';
import { activateLanguage } from '../../../lib/i18n';
import { makeLine } from '../../../test/data/orders';
import { PrintedBill } from './PrintedBill';

const largeNoOnion = {
  options: [
    { optionId: 'opt-lon', group: 'Size', name: 'Lớn', priceDelta: 10_000 },
    { optionId: 'opt-khong-hanh', group: 'Preferences', name: 'không hành', priceDelta: 0 },
  ],
  note: 'ít bánh',
};

/** A tab whose coffee was voided and one of whose three Phở was taken off the bill; VAT added on top. */
const order: Order = {
  _id: '0190a1b2-c3d4-7e5f-8a9b-000000001042',
  orderNo: 1042,
  status: 'served',
  source: 'pos',
  customerDetails: { name: 'Chị Lan', phone: '', guests: 3 },
  customerId: null,
  table: { _id: '0190a1b2-c3d4-7e5f-8a9b-7ab1e0000004', tableNo: 4 },
  items: [
    makeLine({ position: 0, name: 'Phở bò', price: 65_000, quantity: 3, voidedQuantity: 1 }),
    makeLine({ position: 1, name: 'Cà phê sữa đá', price: 25_000, quantity: 1, voidedQuantity: 1 }),
    makeLine({ position: 2, name: 'Trà đá', price: 5_000, quantity: 2 }),
  ],
  bills: {
    subtotal: 140_000,
    discount: 0,
    serviceRate: 0,
    serviceCharge: 0,
    taxes: [{ vatRate: 8, taxable: 140_000, tax: 11_200 }],
    serviceVatRate: 8,
    pricesIncludeTax: false,
    tax: 11_200,
    total: 151_200,
  },
  coupon: null,
  rounds: [{ no: 1, status: 'served', source: 'pos', sentAt: '2026-01-15T05:00:00.000Z', sentBy: null }],
  version: 4,
  billParts: [],
  payments: [],
  paid: 0,
  due: 151_200,
  paymentMethod: null,
  paymentStatus: 'unpaid',
  isPreorder: false,
  note: '',
  createdBy: null,
  createdAt: '2026-01-15T05:00:00.000Z',
  updatedAt: '2026-01-15T05:20:00.000Z',
  completedAt: null,
};

const bank = { bin: '970436', accountNumber: '0071000123456', accountName: 'QUAN NGON' };

/** A payment as the server answers it; cash taken by Lan unless told. */
const payment = (overrides: Partial<Payment>): Payment => ({
  _id: '0190a1b2-c3d4-7e5f-8a9b-9a7000000001',
  method: 'cash',
  amount: 100_000,
  tip: 0,
  rounding: 0,
  tendered: null,
  change: 0,
  partNo: null,
  takenBy: { _id: '0190a1b2-c3d4-7e5f-8a9b-57aff0000001', name: 'Lan' },
  takenAt: '2026-01-15T05:30:00.000Z',
  shiftId: null,
  bankTransactionId: null,
  refunded: 0,
  refunds: [],
  ...overrides,
});

/**
 * The bill of 1.245.000 ₫ with its 5 % service charge: 500.000 ₫ paid in cash (2.000.000 ₫ handed over for it
 * and a 20.000 ₫ tip), the rest still due.
 */
const partlyPaid: Order = {
  ...order,
  bills: {
    subtotal: 1_097_000,
    discount: 0,
    serviceRate: 5,
    serviceCharge: 54_850,
    taxes: [{ vatRate: 8, taxable: 1_151_850, tax: 93_150 }],
    serviceVatRate: 8,
    pricesIncludeTax: false,
    tax: 93_150,
    total: 1_245_000,
  },
  payments: [payment({ amount: 500_000, tip: 20_000, tendered: 2_000_000, change: 1_480_000 })],
  paid: 500_000,
  due: 745_000,
};

const unpaidPart = { lines: [], subtotal: 0, discount: 0, serviceCharge: 0, tax: 0, paymentMethod: null, paidAt: null };

/** The bill above split evenly into three parts of 415.000 ₫, the first paid in cash. */
const splitInThree: Order = {
  ...partlyPaid,
  payments: [payment({ amount: 415_000, partNo: 1 })],
  paid: 415_000,
  due: 830_000,
  billParts: [
    {
      ...unpaidPart,
      no: 1,
      total: 415_000,
      paid: 415_000,
      due: 0,
      paymentMethod: 'cash',
      paidAt: '2026-01-15T05:30:00.000Z',
    },
    { ...unpaidPart, no: 2, total: 415_000, paid: 0, due: 415_000 },
    { ...unpaidPart, no: 3, total: 415_000, paid: 0, due: 415_000 },
  ],
};

/** Each row of a list of terms, as "label value". */
const rowsOf = (list: HTMLElement) =>
  [...list.querySelectorAll('dt')].map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);

const billOf1042 = () => within(screen.getByRole('article', { name: 'Bill for order 1042' }));
const receiptOf1042 = () => within(screen.getByRole('article', { name: 'Receipt for order 1042' }));
const codesOf = (paper: ReturnType<typeof within>) =>
  paper.queryAllByRole('img').map((code: HTMLElement) => code.getAttribute('aria-label'));

describe('PrintedBill: the provisional bill of an open order', () => {
  it('names the branch it is printed in under the restaurant: its address, phone, tax code and lines', () => {
    const place = {
      name: 'Quận 3',
      address: '12 Võ Văn Tần, Quận 3',
      phone: '028 3930 1234',
      taxCode: '0312345678-001',
      receiptHeader: 'Cảm ơn quý khách',
    };
    render(<PrintedBill order={order} restaurantName="Quán Phở Bắc" place={place} />);
    const header = screen.getByText('Quán Phở Bắc').closest('header')!;
    for (const text of [
      'Quận 3',
      '12 Võ Văn Tần, Quận 3',
      'Tel: 028 3930 1234',
      'Tax code: 0312345678-001',
      'Cảm ơn quý khách',
    ]) {
      expect(within(header).getByText(text)).toBeInTheDocument();
    }
  });

  it('prints nothing more for a restaurant whose one branch has its name and no details', () => {
    const place = { name: 'Quán Test', address: '', phone: '', taxCode: '', receiptHeader: '' };
    render(<PrintedBill order={order} restaurantName="Quán Test" place={place} />);
    expect(screen.getAllByText('Quán Test')).toHaveLength(1);
    expect(screen.queryByText(/^Tax code/)).not.toBeInTheDocument();
  });

  it('bills what is left of a partly voided line and leaves a voided line out', () => {
    render(<PrintedBill order={order} restaurantName="Quán Test" />);
    const bill = billOf1042();

    expect(bill.getByText('Bill')).toBeInTheDocument();
    const lines = bill.getAllByRole('listitem').map((item) => item.textContent);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('2 × Phở bò');
    expect(lines[0]).toContain(formatMoney(130_000));
    expect(lines[1]).toContain('2 × Trà đá');
    expect(bill.queryByText(/Cà phê/)).not.toBeInTheDocument();
  });

  it('shows each option under the dish with what it added to the price', () => {
    const withOptions: Order = {
      ...order,
      items: [makeLine({ position: 0, name: 'Phở bò', price: 75_000, quantity: 2, ...largeNoOnion })],
    };
    render(<PrintedBill order={withOptions} restaurantName="Quán Test" />);

    const [pho] = billOf1042().getAllByRole('listitem');
    const rows = [...pho!.querySelectorAll('p')].map((row) => row.textContent);
    expect(rows).toEqual([
      '2 × Phở bò',
      `Lớn+${formatMoney(10_000)}`,
      'không hành',
      `${formatMoney(75_000)}${formatMoney(150_000)}`,
      '(ít bánh)',
    ]);
  });

  it('adds the VAT on top of the menu prices, before the total', () => {
    render(<PrintedBill order={order} restaurantName="Quán Test" bank={bank} />);
    const bill = billOf1042();

    expect(rowsOf(bill.getByText('Total').closest('dl')!)).toEqual([
      `Subtotal ${formatMoney(140_000)}`,
      `Discount ${formatMoney(0)}`,
      `VAT 8% ${formatMoney(11_200)}`,
      `Total ${formatMoney(151_200)}`,
    ]);
    expect(rowsOf(bill.getByLabelText('Payments'))).toEqual([`Still due ${formatMoney(151_200)}`]);
    expect(codesOf(bill)).toEqual([
      `VietQR code: transfer ${formatMoney(151_200)} to Vietcombank account 0071000123456, note QUAN 1042`,
    ]);
    expect(bill.getByText('Not paid yet')).toBeInTheDocument();
  });

  it('shows the VAT the menu prices hold under the total, without adding it', () => {
    const vatInside: Order = {
      ...order,
      items: [makeLine({ position: 0, name: 'Phở bò', price: 50_000, quantity: 2 })],
      bills: {
        ...order.bills,
        subtotal: 100_000,
        pricesIncludeTax: true,
        taxes: [{ vatRate: 8, taxable: 92_593, tax: 7_407 }],
        tax: 7_407,
        total: 100_000,
      },
      due: 100_000,
    };
    render(<PrintedBill order={vatInside} restaurantName="Quán Test" />);

    expect(rowsOf(billOf1042().getByText('Total').closest('dl')!)).toEqual([
      `Subtotal ${formatMoney(100_000)}`,
      `Discount ${formatMoney(0)}`,
      `Total ${formatMoney(100_000)}`,
      `VAT 8% included ${formatMoney(7_407)}`,
    ]);
  });

  it('shows one VAT line per rate, dishes not subject to VAT said so', () => {
    // Phở at 8 %, beer at 10 %, a bottle of water not subject to VAT, as computeBill bills them.
    const mixed: Order = {
      ...order,
      items: [
        makeLine({ position: 0, name: 'Phở bò', price: 50_000, quantity: 2, vatRate: 8 }),
        makeLine({ position: 1, name: 'Bia Hà Nội', price: 25_000, quantity: 2, vatRate: 10 }),
        makeLine({ position: 2, name: 'Nước suối', price: 20_000, quantity: 1, vatRate: 'KCT' }),
      ],
      bills: {
        ...order.bills,
        subtotal: 170_000,
        taxes: [
          { vatRate: 'KCT', taxable: 20_000, tax: 0 },
          { vatRate: 8, taxable: 100_000, tax: 8_000 },
          { vatRate: 10, taxable: 50_000, tax: 5_000 },
        ],
        tax: 13_000,
        total: 183_000,
      },
      due: 183_000,
    };
    render(<PrintedBill order={mixed} restaurantName="Quán Test" />);

    expect(rowsOf(billOf1042().getByText('Total').closest('dl')!)).toEqual([
      `Subtotal ${formatMoney(170_000)}`,
      `Discount ${formatMoney(0)}`,
      `Not subject to VAT ${formatMoney(0)}`,
      `VAT 8% ${formatMoney(8_000)}`,
      `VAT 10% ${formatMoney(5_000)}`,
      `Total ${formatMoney(183_000)}`,
    ]);
  });

  it('shows the service charge, each payment with its tip, cash and change, what is paid and due, and its code', () => {
    render(<PrintedBill order={partlyPaid} restaurantName="Quán Test" bank={bank} />);
    const bill = billOf1042();

    expect(rowsOf(bill.getByText('Total').closest('dl')!)).toEqual([
      `Subtotal ${formatMoney(1_097_000)}`,
      `Discount ${formatMoney(0)}`,
      `Phí phục vụ / Service charge (5%) ${formatMoney(54_850)}`,
      `VAT 8% ${formatMoney(93_150)}`,
      `Total ${formatMoney(1_245_000)}`,
    ]);
    expect(rowsOf(bill.getByLabelText('Payments'))).toEqual([
      `Cash ${formatMoney(500_000)}`,
      `Tip ${formatMoney(20_000)}`,
      `Cash received ${formatMoney(2_000_000)}`,
      `Change ${formatMoney(1_480_000)}`,
      `Already paid ${formatMoney(500_000)}`,
      `Still due ${formatMoney(745_000)}`,
    ]);
    expect(codesOf(bill)).toEqual([
      `VietQR code: transfer ${formatMoney(745_000)} to Vietcombank account 0071000123456, note QUAN 1042`,
    ]);
    expect(bill.getByText('Partly paid')).toBeInTheDocument();
  });

  it('has no VietQR code without a bank account, and no service-charge line when there is none', () => {
    render(<PrintedBill order={order} restaurantName="Quán Test" bank={null} />);
    const bill = billOf1042();
    expect(bill.getByText('Still due')).toBeInTheDocument();
    expect(bill.queryByRole('img')).not.toBeInTheDocument();
    expect(bill.queryByText(/Service charge/)).not.toBeInTheDocument();
  });

  it('gives each part of a split bill still due its own code and transfer note, or only the part the guest pays', () => {
    const { unmount } = render(<PrintedBill order={splitInThree} restaurantName="Quán Test" bank={bank} />);
    let bill = billOf1042();
    expect(bill.getByText('Cash (part 1)')).toBeInTheDocument();
    expect(bill.getByText('Part 2 still due')).toBeInTheDocument();
    expect(bill.getByText('Part 3 still due')).toBeInTheDocument();
    expect(codesOf(bill)).toEqual([
      `VietQR code: transfer ${formatMoney(415_000)} to Vietcombank account 0071000123456, note QUAN 1042 P2`,
      `VietQR code: transfer ${formatMoney(415_000)} to Vietcombank account 0071000123456, note QUAN 1042 P3`,
    ]);
    unmount();

    render(<PrintedBill order={splitInThree} restaurantName="Quán Test" bank={bank} partNo={3} />);
    bill = billOf1042();
    expect(bill.queryByText('Part 2 still due')).not.toBeInTheDocument();
    expect(bill.getByText('Part 3 still due')).toBeInTheDocument();
    expect(bill.getByText('Scan to pay · Part 3')).toBeInTheDocument();
    expect(codesOf(bill)).toEqual([
      `VietQR code: transfer ${formatMoney(415_000)} to Vietcombank account 0071000123456, note QUAN 1042 P3`,
    ]);
  });

  it('says REPRINT with the copy number from the second copy on, and when a copy could not be counted', () => {
    const { rerender } = render(<PrintedBill order={order} restaurantName="Quán Test" copy={1} />);
    expect(billOf1042().queryByText('REPRINT')).not.toBeInTheDocument();

    rerender(<PrintedBill order={order} restaurantName="Quán Test" copy={3} />);
    expect(billOf1042().getByText('REPRINT')).toBeInTheDocument();
    expect(billOf1042().getByText('copy 3')).toBeInTheDocument();

    rerender(<PrintedBill order={order} restaurantName="Quán Test" copy={null} uncounted />);
    expect(billOf1042().queryByText('REPRINT')).not.toBeInTheDocument();
    expect(billOf1042().getByText('Printed offline: this copy was not counted')).toBeInTheDocument();
  });
});

describe('PrintedBill: the receipt of a paid order', () => {
  /** 56.880 ₫ paid in cash rounded up to 57.000 ₫: 100.000 ₫ handed over, 43.000 ₫ back. */
  const paid: Order = {
    ...order,
    status: 'completed',
    items: [makeLine({ position: 0, name: 'Bún chả', price: 52_667, quantity: 1 })],
    bills: {
      ...order.bills,
      subtotal: 52_667,
      taxes: [{ vatRate: 8, taxable: 52_667, tax: 4_213 }],
      tax: 4_213,
      total: 56_880,
    },
    payments: [payment({ amount: 56_880, rounding: 120, tendered: 100_000, change: 43_000 })],
    paid: 56_880,
    due: 0,
    paymentMethod: 'cash',
    paymentStatus: 'paid',
    completedAt: '2026-01-15T05:40:00.000Z',
  };

  it('shows each payment with its cash rounding, the cash handed over and the change, and no code', () => {
    render(<PrintedBill order={paid} restaurantName="Quán Test" bank={bank} />);
    const receipt = receiptOf1042();

    expect(receipt.getByText('Receipt')).toBeInTheDocument();
    expect(rowsOf(receipt.getByLabelText('Payments'))).toEqual([
      `Cash ${formatMoney(56_880)}`,
      `Rounding +${formatMoney(120)}`,
      `Cash received ${formatMoney(100_000)}`,
      `Change ${formatMoney(43_000)}`,
    ]);
    expect(receipt.queryByRole('img')).not.toBeInTheDocument();
    expect(receipt.queryByText(/Still due/)).not.toBeInTheDocument();
    expect(receipt.getByText('Paid')).toBeInTheDocument();
  });

  it('speaks Vietnamese: the paper, its VAT inside, each payment and its rounding', async () => {
    await activateLanguage('vi', 'staff');
    const vatInside: Order = {
      ...paid,
      items: [makeLine({ position: 0, name: 'Bún chả', price: 56_880, quantity: 1 })],
      bills: { ...paid.bills, subtotal: 56_880, pricesIncludeTax: true, total: 56_880 },
    };
    render(<PrintedBill order={vatInside} restaurantName="Quán Test" copy={2} />);
    const receipt = within(screen.getByRole('article', { name: 'Phiếu thanh toán của đơn số 1042' }));

    expect(receipt.getByText('Phiếu thanh toán')).toBeInTheDocument();
    expect(receipt.getByText('Đơn #1042')).toBeInTheDocument();
    expect(receipt.getByText('IN LẠI')).toBeInTheDocument();
    expect(receipt.getByText('bản 2')).toBeInTheDocument();
    expect(rowsOf(receipt.getByText('Tổng cộng').closest('dl')!)).toEqual([
      `Tạm tính ${formatMoney(56_880)}`,
      `Giảm giá ${formatMoney(0)}`,
      `Tổng cộng ${formatMoney(56_880)}`,
      `Đã gồm VAT 8% ${formatMoney(4_213)}`,
    ]);
    expect(rowsOf(receipt.getByLabelText('Thanh toán'))).toEqual([
      `Tiền mặt ${formatMoney(56_880)}`,
      `Làm tròn +${formatMoney(120)}`,
      `Tiền khách đưa ${formatMoney(100_000)}`,
      `Tiền trả lại ${formatMoney(43_000)}`,
    ]);
    expect(receipt.getByText('Đã thanh toán')).toBeInTheDocument();
    expect(receipt.getByText('Cảm ơn quý khách! Hẹn gặp lại!')).toBeInTheDocument();
  });

  it('speaks Vietnamese on a split bill: what each part still owes and where to transfer it', async () => {
    await activateLanguage('vi', 'staff');
    render(<PrintedBill order={splitInThree} restaurantName="Quán Test" bank={bank} partNo={2} />);
    const bill = within(screen.getByRole('article', { name: 'Phiếu tạm tính của đơn số 1042' }));

    expect(bill.getByText('Phiếu tạm tính')).toBeInTheDocument();
    expect(rowsOf(bill.getByLabelText('Thanh toán'))).toEqual([
      `Tiền mặt (phần 1) ${formatMoney(415_000)}`,
      `Đã trả ${formatMoney(415_000)}`,
      `Phần 2 còn phải trả ${formatMoney(415_000)}`,
    ]);
    expect(bill.getByRole('region', { name: 'Chuyển khoản phần 2 còn phải trả' })).toBeInTheDocument();
    expect(bill.getByText('Đã thanh toán một phần')).toBeInTheDocument();
  });
});

describe('PrintedBill: the e-invoice and the company it is for', () => {
  afterEach(() => activateLanguage('en', 'staff'));

  const company = {
    kind: 'company' as const,
    name: 'Công ty TNHH Quán Ngon',
    taxCode: '0100109106',
    address: '12 Lê Lợi',
  };
  const refused: NonNullable<Order['invoice']> = {
    status: 'failed',
    buyer: company,
    invoiceNumber: null,
    lookupCode: null,
    lookupUrl: null,
    error: 'Mã số thuế người bán không hợp lệ',
    issuedAt: null,
  };
  const completed: Order = {
    ...order,
    status: 'completed',
    payments: [payment({ amount: 151_200 })],
    paid: 151_200,
    due: 0,
    paymentMethod: 'cash',
    paymentStatus: 'paid',
    completedAt: '2026-01-15T05:40:00.000Z',
    invoiceBuyer: company,
    invoice: refused,
  };

  it('says the invoice is being issued while it waits or was refused, never the refusal, and its number once issued', () => {
    const { rerender } = render(<PrintedBill order={completed} restaurantName="Quán Test" />);
    expect(receiptOf1042().getByRole('region', { name: 'E-invoice' })).toHaveTextContent('E-invoice: being issued');
    expect(receiptOf1042().queryByText(/không hợp lệ/)).not.toBeInTheDocument();

    rerender(
      <PrintedBill
        order={{ ...completed, invoice: { ...refused, status: 'waiting', error: null } }}
        restaurantName="Quán Test"
      />,
    );
    expect(receiptOf1042().getByRole('region', { name: 'E-invoice' })).toHaveTextContent('E-invoice: being issued');

    const issued = { ...refused, status: 'issued' as const, invoiceNumber: 'C26MAA7', lookupCode: 'AB12', error: null };
    rerender(<PrintedBill order={{ ...completed, invoice: issued }} restaurantName="Quán Test" />);
    expect(receiptOf1042().getByRole('region', { name: 'E-invoice' })).toHaveTextContent(
      'E-invoice no. C26MAA7Lookup code: AB12',
    );
  });

  it('names the company the guest asked the invoice for, and its tax code, under the guest', () => {
    render(<PrintedBill order={completed} restaurantName="Quán Test" />);
    expect(receiptOf1042().getByText(/Guest: Chị Lan/)).toHaveTextContent(
      'Guest: Chị LanCompany: Công ty TNHH Quán NgonTax code: 0100109106',
    );
  });

  it('has no company line for a walk-in guest', () => {
    render(<PrintedBill order={{ ...completed, invoiceBuyer: null }} restaurantName="Quán Test" />);
    expect(receiptOf1042().queryByText(/Company:/)).not.toBeInTheDocument();
  });

  it('speaks Vietnamese: the company, its tax code and the invoice being issued', async () => {
    await activateLanguage('vi', 'staff');
    render(<PrintedBill order={completed} restaurantName="Quán Test" />);
    const receipt = within(screen.getByRole('article', { name: 'Phiếu thanh toán của đơn số 1042' }));

    expect(receipt.getByText(/Khách: Chị Lan/)).toHaveTextContent(
      'Khách: Chị LanĐơn vị: Công ty TNHH Quán NgonMST: 0100109106',
    );
    expect(receipt.getByRole('region', { name: 'Hóa đơn điện tử' })).toHaveTextContent(
      'Hóa đơn điện tử: đang phát hành',
    );
  });
});
