import { screen } from '@testing-library/react';
import type { Reservation } from '@quan/contract/reservations';
import { describe, expect, it } from 'vitest';
import { makeIngredient } from '../test/data/ingredients';
import { makeOrder, makeRound } from '../test/data/orders';
import { makeTable } from '../test/data/tables';
import { formatDay, formatTime } from '../lib/date-format';
import { addDays, restaurantDay, restaurantInstantIso } from '../lib/restaurant-day';
import { lowStockMessage, newOrderMessage, newRequestMessage, roundAddedMessage } from './LiveUpdates';
import { oscillatorsStarted, renderLiveUpdates, liveUpdatesScene } from './live-updates-test-kit';

describe('LiveUpdates', () => {
  liveUpdatesScene();

  it('warns staff of an ingredient running low and refreshes the stock', async () => {
    const { emit } = renderLiveUpdates();
    await screen.findByText('orders 1 · tables 1 · menu 1 · ingredients 1');

    emit('ingredient:low-stock', makeIngredient(1, { name: 'Beef', quantity: 0.4, lowStockThreshold: 1 }));
    expect(await screen.findByText('Low stock: Beef — 0,4 kg left')).toBeInTheDocument();
    await screen.findByText('orders 1 · tables 1 · menu 1 · ingredients 2');

    emit('ingredient:low-stock', makeIngredient(2, { name: 'Húng quế', unit: 'g', quantity: 0 }));
    expect(await screen.findByText('Out of stock: Húng quế')).toBeInTheDocument();
  });

  it('announces a new order with a toast and a chime', async () => {
    const { emit } = renderLiveUpdates();
    const chimesBefore = oscillatorsStarted.length;

    emit('order:created', makeOrder({ orderNo: 1042, table: { _id: makeTable(4)._id, tableNo: 4 } }));
    expect(await screen.findByText('New order #1042 · Table 4')).toBeInTheDocument();
    expect(oscillatorsStarted.length).toBeGreaterThan(chimesBefore);

    emit('order:created', makeOrder({ orderNo: 1043, source: 'table', status: 'pending' }));
    expect(await screen.findByText('New order from table 4 waiting for approval')).toBeInTheDocument();
  });

  it('announces a new round of a tab with a toast and a chime, and refreshes the stock', async () => {
    const { emit } = renderLiveUpdates();
    await screen.findByText('orders 1 · tables 1 · menu 1 · ingredients 1');
    const chimesBefore = oscillatorsStarted.length;
    const tab = makeOrder({
      orderNo: 1042,
      table: { _id: makeTable(5)._id, tableNo: 5 },
      rounds: [makeRound(1, { status: 'served' }), makeRound(2, { status: 'in_progress' })],
    });

    emit('order:round-added', { order: tab, roundNo: 2 });
    expect(await screen.findByText('Round 2 · Table 5')).toBeInTheDocument();
    expect(oscillatorsStarted.length).toBeGreaterThan(chimesBefore);
    await screen.findByText('orders 2 · tables 2 · menu 1 · ingredients 2');

    // A diner's round from the table's QR page waits for staff.
    const fromDiner = {
      ...tab,
      status: 'pending' as const,
      rounds: [...tab.rounds, makeRound(3, { status: 'pending', source: 'table' })],
    };
    emit('order:round-added', { order: fromDiner, roundNo: 3 });
    expect(await screen.findByText('Round 3 · Table 5 waiting for approval')).toBeInTheDocument();
  });

  it('keeps quiet about the orders and rounds the person signed in here sent: their screen said so', async () => {
    const me = { _id: 'staff-me', name: 'Châu' };
    const { emit } = renderLiveUpdates(me._id);
    const chimesBefore = oscillatorsStarted.length;
    const mine = makeOrder({ orderNo: 1050, table: { _id: makeTable(6)._id, tableNo: 6 }, createdBy: me });

    emit('order:created', mine);
    emit('order:round-added', {
      order: { ...mine, rounds: [makeRound(1), makeRound(2, { sentBy: me })] },
      roundNo: 2,
    });
    // A diner's round of the same tab is news to everyone.
    emit('order:round-added', {
      order: { ...mine, rounds: [makeRound(1), makeRound(2, { sentBy: me }), makeRound(3, { source: 'table' })] },
      roundNo: 3,
    });

    expect(await screen.findByText('Round 3 · Table 6')).toBeInTheDocument();
    expect(screen.queryByText('New order #1050 · Table 6')).not.toBeInTheDocument();
    expect(screen.queryByText('Round 2 · Table 6')).not.toBeInTheDocument();
    // One chime (of two notes), for the diner's round.
    expect(oscillatorsStarted.length).toBe(chimesBefore + 2);
  });

  it("announces a guest's new booking request with a toast and a chime, once", async () => {
    const { emit } = renderLiveUpdates();
    const chimesBefore = oscillatorsStarted.length;
    const request = {
      _id: 'r2',
      status: 'requested',
      name: 'Chị Hoa',
      partySize: 4,
      startsAt: restaurantInstantIso(restaurantDay(new Date()), '19:00')!,
      version: 1,
    } as Reservation;

    emit('reservation:updated', request);
    expect(
      await screen.findByText(`New booking request: Chị Hoa, 4 guests at ${formatTime(request.startsAt)}`),
    ).toBeInTheDocument();
    expect(oscillatorsStarted.length).toBeGreaterThan(chimesBefore);

    // The same request changed later (a table moved) is not news again; the next guest's request, heard after it,
    // is.
    emit('reservation:updated', { ...request, version: 2 });
    const next = { ...request, _id: 'r3', name: 'Anh Nam', partySize: 2 };
    emit('reservation:updated', next);
    await screen.findByText(`New booking request: Anh Nam, 2 guests at ${formatTime(next.startsAt)}`);
    expect(screen.getAllByText(/^New booking request: Chị Hoa/)).toHaveLength(1);
  });
});

describe('lowStockMessage', () => {
  it('writes the quantity left with up to 3 decimals in vi-VN', () => {
    expect(lowStockMessage({ name: 'Nước mắm', quantity: 1.2345, unit: 'l' })).toBe(
      'Low stock: Nước mắm — 1,235 l left',
    );
  });
});

describe('newOrderMessage', () => {
  it('names the table, or says takeaway', () => {
    expect(newOrderMessage(makeOrder({ orderNo: 7, table: null }))).toBe('New order #7 · Takeaway');
  });
});

describe('newRequestMessage', () => {
  it('says the day of a request for another day', () => {
    const day = addDays(restaurantDay(new Date()), 3);
    const startsAt = restaurantInstantIso(day, '12:30')!;
    expect(newRequestMessage({ name: 'Anh Bảo', partySize: 1, startsAt })).toBe(
      `New booking request: Anh Bảo, 1 guest on ${formatDay(day)} at ${formatTime(startsAt)}`,
    );
  });
});

describe('roundAddedMessage', () => {
  it('names the round and the table, or the takeaway order', () => {
    const tab = makeOrder({ orderNo: 7, table: null, rounds: [makeRound(1), makeRound(2)] });
    expect(roundAddedMessage(tab, 2)).toBe('Round 2 · Takeaway #7');
  });
});
