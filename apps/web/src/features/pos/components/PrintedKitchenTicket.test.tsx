import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../lib/i18n';
import { makeLine, makeOrder } from '../../../test/data/orders';
import { PrintedKitchenTicket } from './PrintedKitchenTicket';

/** Order 1042 at table 4: one of three Phở was taken off the bill, the coffee voided. */
const order = makeOrder({
  orderNo: 1042,
  customerDetails: { name: 'Chị Lan', phone: '', guests: 3 },
  items: [
    makeLine({ position: 0, name: 'Phở bò', price: 65_000, quantity: 3, voidedQuantity: 1 }),
    makeLine({ position: 1, name: 'Cà phê sữa đá', price: 25_000, quantity: 1, voidedQuantity: 1 }),
    makeLine({ position: 2, name: 'Trà đá', price: 5_000, quantity: 2 }),
  ],
});

const largeNoOnion = makeLine({
  name: 'Phở bò',
  price: 75_000,
  options: [
    { optionId: 'opt-lon', group: 'Size', name: 'Lớn', priceDelta: 10_000 },
    { optionId: 'opt-khong-hanh', group: 'Preferences', name: 'không hành', priceDelta: 0 },
  ],
  note: 'ít bánh',
});

describe('PrintedKitchenTicket', () => {
  it('asks the kitchen only for what is still on the order', () => {
    render(<PrintedKitchenTicket order={order} />);
    const ticket = within(screen.getByRole('article', { name: 'Kitchen ticket for order 1042' }));

    expect(ticket.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['2 × Phở bò', '2 × Trà đá']);
  });

  it('shows the options under the dish, then the note', () => {
    render(<PrintedKitchenTicket order={{ ...order, items: [largeNoOnion] }} />);
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
