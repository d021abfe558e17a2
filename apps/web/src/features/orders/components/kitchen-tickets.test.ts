import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import {
  describeStationWork,
  kitchenTickets,
  stationWorkOfRound,
  ticketsOfStation,
  ticketTargetMinutes,
} from './kitchen-tickets';
import { kitchenRoundMoves } from './round-status';
import { elapsedTone, ticketTiming } from './ticket-timing';
import { makeStation } from '../../../test/data/menu';
import { makeLine, makeOrder, makeRound } from '../../../test/data/orders';

// The English messages, which the test setup activates before each test.
const t = i18n._.bind(i18n);

describe('kitchen', () => {
  it('accepts or rejects a pending round, then advances it in_progress → ready → served', () => {
    const moves = (status: keyof typeof kitchenRoundMoves) =>
      kitchenRoundMoves[status].map((move) => `${t(move.label)} → ${move.target}`);
    expect(moves('pending')).toEqual(['Accept → in_progress', 'Reject → cancelled']);
    expect(moves('in_progress')).toEqual(['Mark ready → ready']);
    expect(moves('ready')).toEqual(['Mark served → served']);
  });

  it('queues the pending, in-progress and ready rounds of open orders, the earliest sent first', () => {
    const at = (minute: number) => `2026-01-15T03:${String(minute).padStart(2, '0')}:00.000Z`;
    const tab = makeOrder({
      orderNo: 1,
      status: 'in_progress',
      createdAt: at(0),
      rounds: [
        makeRound(1, { status: 'served', sentAt: at(0) }),
        makeRound(2, { status: 'in_progress', sentAt: at(12) }),
        makeRound(3, { status: 'cancelled', sentAt: at(13) }),
        makeRound(4, { status: 'pending', source: 'table', sentAt: at(15) }),
      ],
      items: [
        makeLine({ name: 'Phở bò', roundNo: 1, position: 0 }),
        makeLine({ name: 'Bún chả', roundNo: 2, position: 1, quantity: 3, voidedQuantity: 1 }),
        makeLine({ name: 'Nem rán', roundNo: 2, position: 2, quantity: 1, voidedQuantity: 1 }),
        makeLine({ name: 'Chè', roundNo: 4, position: 3 }),
      ],
    });
    const orders = [
      tab,
      makeOrder({ orderNo: 3, status: 'ready', createdAt: at(20) }),
      makeOrder({ orderNo: 2, status: 'served', createdAt: at(1) }),
      makeOrder({ orderNo: 4, status: 'pending', createdAt: at(10) }),
      makeOrder({ orderNo: 5, status: 'completed', createdAt: at(2) }),
    ];
    const tickets = kitchenTickets(orders);
    expect(tickets.map(({ order, round }) => `#${order.orderNo}/${round.no}`)).toEqual([
      '#4/1',
      '#1/2',
      '#1/4',
      '#3/1',
    ]);
    // Only the round's own dishes still to make: a fully voided line is left out.
    expect(tickets[1]?.lines.map((line) => line.name)).toEqual(['Bún chả']);
    expect(tickets[2]?.lines.map((line) => line.name)).toEqual(['Chè']);
  });

  it('colours the waiting time green under 10 minutes, amber under 20, red after', () => {
    expect([0, 9, 10, 19, 20, 95].map(elapsedTone)).toEqual(['fresh', 'fresh', 'waiting', 'waiting', 'late', 'late']);
  });
});

describe('kitchen stations', () => {
  const bep = makeStation({ _id: '0190a1b2-c3d4-7e5f-8a9b-5a7100000001', name: 'Bếp', targetMinutes: 15 });
  const bar = makeStation({ _id: '0190a1b2-c3d4-7e5f-8a9b-5a7100000002', name: 'Bar', sortOrder: 1, targetMinutes: 5 });
  const stations = [bar, bep];
  const at = (minute: number) => `2026-01-15T03:${String(minute).padStart(2, '0')}:00.000Z`;
  const order = makeOrder({
    rounds: [makeRound(1, { status: 'in_progress', sentAt: at(0) })],
    items: [
      makeLine({ itemId: 'pho', name: 'Phở bò', position: 0, stationId: bep._id }),
      // Sent to a station deleted since: the first station (Bếp) makes it now.
      makeLine({ itemId: 'nem', name: 'Nem rán', position: 1, stationId: '0190a1b2-c3d4-7e5f-8a9b-5a71000000ff' }),
      makeLine({ itemId: 'cafe', name: 'Cà phê sữa đá', position: 2, stationId: bar._id, readyAt: at(3) }),
    ],
  });

  it('gives a station only its lines, a line of a deleted station going to the first one', () => {
    const [ticket] = ticketsOfStation(kitchenTickets([order]), bep._id, stations);
    expect(ticket?.lines.map((line) => line.name)).toEqual(['Phở bò', 'Nem rán']);
    const ready = makeOrder({ status: 'ready', items: order.items });
    expect(ticketsOfStation(kitchenTickets([ready]), bep._id, stations)).toEqual([]);
  });

  it('says which stations of a round are done, in the stations’ order', () => {
    expect(stationWorkOfRound(order, 1, stations).map((work) => [work.station.name, work.done])).toEqual([
      ['Bếp', false],
      ['Bar', true],
    ]);
    expect(stationWorkOfRound(order, 1, [])).toEqual([]);
  });

  it('says in plain words how far a station is', () => {
    expect(describeStationWork(t, { station: bep, done: false })).toBe('Bếp (preparing)');
    expect(describeStationWork(t, { station: bar, done: true })).toBe('Bar (done)');
  });

  it('measures a ticket by its longest dish target, else its station’s', () => {
    const prep = (itemId: string) => ({ pho: 12, nem: 8 })[itemId] ?? null;
    expect(ticketTargetMinutes(order.items.slice(0, 2), bep._id, stations, prep)).toBe(12);
    expect(ticketTargetMinutes(order.items.slice(2), bar._id, stations, prep)).toBe(5);
    // All stations, no dish target: the longest of the stations its dishes go to.
    expect(ticketTargetMinutes(order.items, null, stations, () => null)).toBe(15);
    expect(ticketTargetMinutes(order.items, null, [], () => null)).toBeNull();
  });

  it('turns amber at the target and red past one and a half times it; without a target, at 10 and 20 minutes', () => {
    const now = Date.parse(at(30));
    const tone = (sentMinute: number, target: number | null) => ticketTiming(at(sentMinute), now, target).tone;
    expect([tone(21, 10), tone(20, 10), tone(15, 10), tone(14, 10)]).toEqual(['fresh', 'waiting', 'waiting', 'late']);
    expect([tone(21, null), tone(20, null), tone(10, null)]).toEqual(['fresh', 'waiting', 'late']);
  });
});
