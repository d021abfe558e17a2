import { render, screen, within } from '@testing-library/react';
import type { Order, OrderItem } from '@quan/contract/order';
import type { Payment } from '@quan/contract/payments';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../lib/format';
import { activateLanguage } from '../../../lib/i18n';
import { PrintedKitchenTicket } from './PrintedKitchenTicket';
import { Receipt } from './Receipt';

const line = (
  position: number,
  name: string,
  price: number,
  quantity: number,
  voidedQuantity: number,
  more: Partial<OrderItem> = {},
): OrderItem => ({
  itemId: null,
  name,
  price,
  quantity,
  note: '',
  options: [],
  stationId: null,
  readyAt: null,
  total: price * (quantity - voidedQuantity),
  position,
  roundNo: 1,
  voidedQuantity,
  ...more,
});

const largeNoOnion = {
  options: [
    { optionId: 'opt-lon', group: 'Size', name: 'Lớn', priceDelta: 10_000 },
    { optionId: 'opt-khong-hanh', group: 'Preferences', name: 'không hành', priceDelta: 0 },
  ],
  note: 'ít bánh',
};

/** A tab whose coffee was voided and one of whose three Phở was taken off the bill. */
const order: Order = {
  _id: '0190a1b2-c3d4-7e5f-8a9b-000000001042',
  orderNo: 1042,
  status: 'served',
  source: 'pos',
  customerDetails: { name: 'Chị Lan', phone: '', guests: 3 },
  customerId: null,
  table: { _id: '0190a1b2-c3d4-7e5f-8a9b-7ab1e0000004', tableNo: 4 },
  items: [line(0, 'Phở bò', 65_000, 3, 1), line(1, 'Cà phê sữa đá', 25_000, 1, 1), line(2, 'Trà đá', 5_000, 2, 0)],
  bills: { subtotal: 140_000, discount: 0, serviceRate: 0, serviceCharge: 0, taxRate: 8, pricesIncludeTax: false, tax: 11_200, total: 151_200 },
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

describe('Receipt', () => {
  it('bills what is left of a partly voided line and leaves a voided line out', () => {
    render(<Receipt order={order} restaurantName="Quán Test" />);
    const receipt = within(screen.getByRole('article', { name: 'Receipt for order 1042' }));

    const lines = receipt.getAllByRole('listitem').map((item) => item.textContent);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('2 × Phở bò');
    expect(lines[0]).toContain(formatMoney(130_000));
    expect(lines[1]).toContain('2 × Trà đá');
    expect(receipt.queryByText(/Cà phê/)).not.toBeInTheDocument();
  });
});

describe('Receipt with options', () => {
  it('shows each option under the dish with what it added to the price', () => {
    const withOptions: Order = {
      ...order,
      items: [line(0, 'Phở bò', 75_000, 2, 0, largeNoOnion)],
      bills: {
        subtotal: 150_000,
        discount: 0,
        serviceRate: 0,
        serviceCharge: 0,
        taxRate: 8, pricesIncludeTax: false,
        tax: 12_000,
        total: 162_000,
      },
    };
    render(<Receipt order={withOptions} restaurantName="Quán Test" />);
    const receipt = within(screen.getByRole('article', { name: 'Receipt for order 1042' }));

    const [pho] = receipt.getAllByRole('listitem');
    const rows = [...pho!.querySelectorAll('p')].map((row) => row.textContent);
    expect(rows).toEqual([
      '2 × Phở bò',
      `Lớn+${formatMoney(10_000)}`,
      'không hành',
      `${formatMoney(75_000)}${formatMoney(150_000)}`,
      '(ít bánh)',
    ]);
  });
});

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
    taxRate: 8, pricesIncludeTax: false,
    tax: 93_150,
    total: 1_245_000,
  },
  payments: [payment({ amount: 500_000, tip: 20_000, tendered: 2_000_000, change: 1_480_000 })],
  paid: 500_000,
  due: 745_000,
};

/** Each row of a list of terms, as "label value". */
const rowsOf = (list: HTMLElement) =>
  [...list.querySelectorAll('dt')].map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);

describe('Receipt with payments', () => {
  it('shows the service charge, each payment with its tip, cash and change, what is still due and its VietQR code', () => {
    render(<Receipt order={partlyPaid} restaurantName="Quán Test" bank={bank} />);
    const receipt = within(screen.getByRole('article', { name: 'Receipt for order 1042' }));

    expect(rowsOf(receipt.getByText('Total').closest('dl')!)).toEqual([
      `Subtotal ${formatMoney(1_097_000)}`,
      `Discount ${formatMoney(0)}`,
      `Phí phục vụ / Service charge (5%) ${formatMoney(54_850)}`,
      `Tax (8%) ${formatMoney(93_150)}`,
      `Total ${formatMoney(1_245_000)}`,
    ]);
    expect(rowsOf(receipt.getByLabelText('Payments'))).toEqual([
      `Cash ${formatMoney(500_000)}`,
      `Tip ${formatMoney(20_000)}`,
      `Cash received ${formatMoney(2_000_000)}`,
      `Change ${formatMoney(1_480_000)}`,
      `Still due ${formatMoney(745_000)}`,
    ]);
    expect(
      receipt.getByRole('img', {
        name: `VietQR code: transfer ${formatMoney(745_000)} to Vietcombank account 0071000123456, note QUAN 1042`,
      }),
    ).toBeInTheDocument();
    expect(receipt.getByText('Partly paid')).toBeInTheDocument();
  });

  it('has no VietQR code once nothing is due, nor without a bank account', () => {
    const paid: Order = {
      ...partlyPaid,
      payments: [
        ...partlyPaid.payments,
        payment({ _id: '0190a1b2-c3d4-7e5f-8a9b-9a7000000002', method: 'transfer', amount: 745_000 }),
      ],
      paid: 1_245_000,
      due: 0,
      paymentStatus: 'paid',
    };
    const { unmount } = render(<Receipt order={paid} restaurantName="Quán Test" bank={bank} />);
    let receipt = within(screen.getByRole('article', { name: 'Receipt for order 1042' }));
    expect(receipt.queryByRole('img')).not.toBeInTheDocument();
    expect(receipt.queryByText(/Still due/)).not.toBeInTheDocument();
    expect(receipt.getByText('Bank transfer')).toBeInTheDocument();
    expect(receipt.getByText('Paid')).toBeInTheDocument();
    unmount();

    render(<Receipt order={partlyPaid} restaurantName="Quán Test" bank={null} />);
    receipt = within(screen.getByRole('article', { name: 'Receipt for order 1042' }));
    expect(receipt.getByText('Still due')).toBeInTheDocument();
    expect(receipt.queryByRole('img')).not.toBeInTheDocument();
  });

  it('has no service-charge line when there is none', () => {
    render(<Receipt order={order} restaurantName="Quán Test" bank={bank} />);
    expect(screen.queryByText(/Service charge/)).not.toBeInTheDocument();
  });

  it('gives each part of a split bill still due its own code and transfer note', () => {
    const part = { lines: [], subtotal: 0, discount: 0, serviceCharge: 0, tax: 0, paymentMethod: null, paidAt: null };
    const split: Order = {
      ...partlyPaid,
      payments: [payment({ amount: 622_500, partNo: 1 })],
      paid: 622_500,
      due: 622_500,
      billParts: [
        {
          ...part,
          no: 1,
          total: 622_500,
          paid: 622_500,
          due: 0,
          paymentMethod: 'cash',
          paidAt: '2026-01-15T05:30:00.000Z',
        },
        { ...part, no: 2, total: 622_500, paid: 0, due: 622_500 },
      ],
    };
    render(<Receipt order={split} restaurantName="Quán Test" bank={bank} />);
    const receipt = within(screen.getByRole('article', { name: 'Receipt for order 1042' }));

    expect(receipt.getByText('Cash (part 1)')).toBeInTheDocument();
    expect(receipt.getByText('Part 2 still due')).toBeInTheDocument();
    expect(receipt.getAllByRole('img').map((code) => code.getAttribute('aria-label'))).toEqual([
      `VietQR code: transfer ${formatMoney(622_500)} to Vietcombank account 0071000123456, note QUAN 1042 P2`,
    ]);
  });

  it('speaks Vietnamese: the bill, each payment, what each part still owes and where to transfer it', async () => {
    await activateLanguage('vi', 'staff');
    const part = { lines: [], subtotal: 0, discount: 0, serviceCharge: 0, tax: 0, paymentMethod: null, paidAt: null };
    const split: Order = {
      ...partlyPaid,
      payments: [payment({ amount: 622_500, partNo: 1, tip: 20_000, tendered: 700_000, change: 57_500 })],
      paid: 622_500,
      due: 622_500,
      billParts: [
        {
          ...part,
          no: 1,
          total: 622_500,
          paid: 622_500,
          due: 0,
          paymentMethod: 'cash',
          paidAt: '2026-01-15T05:30:00.000Z',
        },
        { ...part, no: 2, total: 622_500, paid: 0, due: 622_500 },
      ],
    };
    render(<Receipt order={split} restaurantName="Quán Test" bank={bank} />);
    const receipt = within(screen.getByRole('article', { name: 'Hóa đơn của đơn số 1042' }));

    expect(receipt.getByText('Hóa đơn · Đơn #1042')).toBeInTheDocument();
    expect(rowsOf(receipt.getByText('Tổng cộng').closest('dl')!)).toEqual([
      `Tạm tính ${formatMoney(1_097_000)}`,
      `Giảm giá ${formatMoney(0)}`,
      `Phí phục vụ (5%) ${formatMoney(54_850)}`,
      `Thuế (8%) ${formatMoney(93_150)}`,
      `Tổng cộng ${formatMoney(1_245_000)}`,
    ]);
    expect(rowsOf(receipt.getByLabelText('Thanh toán'))).toEqual([
      `Tiền mặt (phần 1) ${formatMoney(622_500)}`,
      `Tiền boa ${formatMoney(20_000)}`,
      `Tiền khách đưa ${formatMoney(700_000)}`,
      `Tiền trả lại ${formatMoney(57_500)}`,
      `Phần 2 còn phải trả ${formatMoney(622_500)}`,
    ]);
    expect(receipt.getByRole('region', { name: 'Chuyển khoản phần 2 còn phải trả' })).toBeInTheDocument();
    expect(receipt.getByText('Quét mã để thanh toán')).toBeInTheDocument();
    expect(receipt.getByText('Đã thanh toán một phần')).toBeInTheDocument();
    expect(receipt.getByText('Cảm ơn quý khách! Hẹn gặp lại!')).toBeInTheDocument();
  });
});

describe('PrintedKitchenTicket', () => {
  it('asks the kitchen only for what is still on the order', () => {
    render(<PrintedKitchenTicket order={order} />);
    const ticket = within(screen.getByRole('article', { name: 'Kitchen ticket for order 1042' }));

    expect(ticket.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['2 × Phở bò', '2 × Trà đá']);
  });

  it('shows the options under the dish, then the note', () => {
    render(<PrintedKitchenTicket order={{ ...order, items: [line(0, 'Phở bò', 75_000, 1, 0, largeNoOnion)] }} />);
    const ticket = within(screen.getByRole('article', { name: 'Kitchen ticket for order 1042' }));

    expect(ticket.getByRole('listitem')).toHaveTextContent('1 × Phở bòLớn · không hành→ ít bánh');
  });

  it('speaks Vietnamese', async () => {
    await activateLanguage('vi', 'staff');
    render(<PrintedKitchenTicket order={{ ...order, table: null, isPreorder: true, note: 'Sinh nhật' }} />);
    const ticket = within(screen.getByRole('article', { name: 'Phiếu bếp của đơn số 1042' }));

    expect(ticket.getByText('BẾP · #1042')).toBeInTheDocument();
    expect(ticket.getByText('Mang về')).toBeInTheDocument();
    expect(ticket.getByText('Chị Lan · 3 khách')).toBeInTheDocument();
    expect(ticket.getByText('ĐẶT TRƯỚC')).toBeInTheDocument();
    expect(ticket.getByText('Ghi chú: Sinh nhật')).toBeInTheDocument();
  });
});
