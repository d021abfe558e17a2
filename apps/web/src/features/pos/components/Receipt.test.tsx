import { render, screen, within } from '@testing-library/react';
import type { Order, OrderItem } from '@quan/contract/order';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../lib/format';
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
  bills: { subtotal: 140_000, discount: 0, taxRate: 8, tax: 11_200, total: 151_200 },
  coupon: null,
  rounds: [{ no: 1, status: 'served', source: 'pos', sentAt: '2026-01-15T05:00:00.000Z', sentBy: null }],
  version: 4,
  billParts: [],
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
      bills: { subtotal: 150_000, discount: 0, taxRate: 8, tax: 12_000, total: 162_000 },
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
});
