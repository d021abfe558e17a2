import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { makeLine, makeOrder, makePayment, makeRound } from '../../../test/data/orders';
import { describeOrderCancel, partialCancelMessage } from './order-messages';
import {
  canChangeBill,
  canSplitBill,
  describePortions,
  dishGroups,
  evenSplitAmounts,
  isStartedLine,
  lineLabel,
  otherOpenTables,
  pickedAmount,
  pickedPortions,
  splitByDishesAmounts,
  splitLeft,
  withPick,
} from './tab-actions';

// The English messages, which the test setup activates before each test.
const t = i18n._.bind(i18n);

const tab = () =>
  makeOrder({
    orderNo: 42,
    status: 'in_progress',
    rounds: [
      makeRound(1, { status: 'ready' }),
      makeRound(2, { status: 'in_progress' }),
      makeRound(3, { status: 'pending' }),
    ],
    items: [
      makeLine({ name: 'Phở bò', price: 65000, quantity: 2, position: 0, roundNo: 1 }),
      makeLine({ name: 'Trà đá', price: 5000, quantity: 3, voidedQuantity: 1, position: 1, roundNo: 2 }),
      makeLine({ name: 'Nem rán', price: 40000, quantity: 1, voidedQuantity: 1, position: 2, roundNo: 2 }),
      makeLine({ name: 'Chè', price: 25000, quantity: 1, position: 3, roundNo: 3 }),
    ],
  });

describe('picking dishes', () => {
  it('sends only what is left on the bill, in line order, without the lines picked 0 times', () => {
    const order = tab();
    let picks = withPick(new Map(), 3, 1);
    picks = withPick(picks, 1, 5);
    picks = withPick(picks, 0, 0);
    expect(pickedPortions(order, picks)).toEqual([
      { position: 1, quantity: 2 },
      { position: 3, quantity: 1 },
    ]);
    expect(pickedAmount(order, picks)).toBe(2 * 5000 + 25000);
    // A fully voided line cannot be picked.
    expect(pickedPortions(order, withPick(new Map(), 2, 1))).toEqual([]);
  });

  it('knows which dishes the kitchen has started', () => {
    const order = tab();
    expect(order.items.map((line) => isStartedLine(order, line))).toEqual([true, true, true, false]);
  });
});

describe('splitting a bill', () => {
  const bills = {
    subtotal: 140000,
    discount: 10000,
    serviceRate: 0,
    serviceCharge: 0,
    taxes: [{ vatRate: 8 as const, taxable: 130000, tax: 10400 }],
    serviceVatRate: 8 as const,
    pricesIncludeTax: false,
    tax: 10400,
    total: 140400,
  };
  const dishes = () => [
    makeLine({ price: 65000, quantity: 2, position: 0 }),
    makeLine({ name: 'Trà đá', price: 5000, quantity: 2, position: 1 }),
  ];
  const part = (no: number, total: number, lines: { position: number; quantity: number }[] = []) => ({
    no,
    lines,
    subtotal: total,
    discount: 0,
    serviceCharge: 0,
    tax: 0,
    total,
    paid: 0,
    due: total,
    paymentMethod: null,
    paidAt: null,
  });

  it('divides evenly to the last ₫', () => {
    const split = splitLeft(makeOrder({ items: dishes(), bills }));
    expect(evenSplitAmounts(split, 3)).toEqual([46800, 46800, 46800]);
    expect(evenSplitAmounts({ left: { ...split.left, total: 100000 } }, 3)).toEqual([33334, 33333, 33333]);
  });

  it('divides by dishes as the server does: discount and tax in proportion, parts adding up to the bill', () => {
    const order = makeOrder({ items: dishes(), bills });
    const split = splitLeft(order);
    expect(split).toMatchObject({ kept: [], paidBefore: 0, firstNo: 1 });
    const parts = splitByDishesAmounts(order, split, [withPick(new Map(), 0, 1)]);
    expect(parts[0]! + parts[1]!).toBe(140400);
    // 65 000 of 140 000: its share of the discount (4 643) and of the tax on the rest.
    expect(parts).toEqual([65000 - 4643 + 4829, 75000 - 5357 + 5571]);
    // Three parts, the last with the dishes no part holds.
    const three = [withPick(new Map(), 0, 1), withPick(new Map(), 1, 2)];
    expect(dishGroups(split.dishes!, three).map((picks) => [...picks])).toEqual([[[0, 1]], [[1, 2]], [[0, 1]]]);
    expect(splitByDishesAmounts(order, split, three).reduce((sum, amount) => sum + amount, 0)).toBe(140400);
  });

  it('keeps the parts with money on them and divides what the others held, numbered after them', () => {
    const order = makeOrder({
      items: dishes(),
      bills: { ...bills, discount: 0, tax: 0, total: 140000 },
      billParts: [
        part(1, 65000, [{ position: 0, quantity: 1 }]),
        part(2, 75000, [
          { position: 0, quantity: 1 },
          { position: 1, quantity: 2 },
        ]),
      ],
      payments: [makePayment({ amount: 65000, partNo: 1 }), makePayment({ amount: 75000, partNo: 2, refunded: 75000 })],
    });
    const split = splitLeft(order);
    expect(split.kept.map((one) => one.no)).toEqual([1]);
    expect(split.left.total).toBe(75000);
    // Part 2's payment was refunded: its number is not given again.
    expect(split.firstNo).toBe(3);
    expect([...split.dishes!]).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(evenSplitAmounts(split, 2)).toEqual([37500, 37500]);
  });

  it('after money on the whole bill or an even share, makes it a part and splits the rest evenly only', () => {
    const paidBefore = splitLeft(
      makeOrder({ items: dishes(), bills, payments: [makePayment({ amount: 40400, partNo: null })] }),
    );
    expect(paidBefore).toMatchObject({ paidBefore: 40400, firstNo: 2, dishes: null });
    expect(evenSplitAmounts(paidBefore, 2)).toEqual([50000, 50000]);
    const evenShare = splitLeft(
      makeOrder({
        items: dishes(),
        bills,
        billParts: [part(1, 70200), part(2, 70200)],
        payments: [makePayment({ amount: 100, partNo: 1 })],
      }),
    );
    expect(evenShare).toMatchObject({ firstNo: 2, dishes: null });
    expect(evenShare.left.total).toBe(70200);
  });

  it('is offered while something is left to pay on an open order', () => {
    expect(canSplitBill(makeOrder({ status: 'served' }))).toBe(true);
    expect(canSplitBill(makeOrder({ status: 'served', paid: 1 }))).toBe(true);
    expect(canSplitBill(makeOrder({ status: 'completed' }))).toBe(false);
    expect(canSplitBill(makeOrder({ status: 'served', paymentStatus: 'paid' }))).toBe(false);
  });
});

describe('which orders may change by hand', () => {
  it('only an open order with no part of a split paid', () => {
    const part = {
      no: 1,
      lines: [],
      subtotal: 1,
      discount: 0,
      serviceCharge: 0,
      tax: 0,
      total: 1,
      paid: 0,
      due: 1,
      paymentMethod: null,
      paidAt: null,
    };
    expect(canChangeBill(makeOrder({ status: 'served' }))).toBe(true);
    expect(canChangeBill(makeOrder({ status: 'completed' }))).toBe(false);
    expect(canChangeBill(makeOrder({ billParts: [part] }))).toBe(true);
    const paid = { ...part, paid: 1, due: 0, paymentMethod: 'cash' as const, paidAt: '2026-01-15T12:00:00.000Z' };
    expect(canChangeBill(makeOrder({ billParts: [paid, { ...part, no: 2 }] }))).toBe(false);
    const partlyPaid = { ...part, total: 2, paid: 1, due: 1 };
    expect(canChangeBill(makeOrder({ billParts: [partlyPaid, { ...part, no: 2 }] }))).toBe(false);
  });

  it('offers the tables with another open order, by number', () => {
    const order = makeOrder();
    const table = (tableNo: number, orderId: string | null) => ({
      tableNo,
      currentOrder: orderId ? { _id: orderId } : null,
    });
    expect(
      otherOpenTables([table(7, 'b'), table(2, null), table(5, order._id), table(3, 'a')], order).map(
        (one) => one.tableNo,
      ),
    ).toEqual([3, 7]);
  });
});

describe('cancelling a whole order', () => {
  it('frees the table when every round stops', () => {
    const order = makeOrder({ status: 'in_progress' });
    expect(describeOrderCancel(t, order, false)).toBe(
      'The order stops here, the table is freed and used stock is given back. This cannot be undone.',
    );
    expect(describeOrderCancel(t, makeOrder({ status: 'pending' }), true)).toMatch(
      /^The diner’s order will not be made/,
    );
  });

  it('on a tab, stops only the least advanced rounds and keeps the rest on the bill', () => {
    const order = makeOrder({
      orderNo: 42,
      status: 'in_progress',
      rounds: [
        makeRound(1, { status: 'served' }),
        makeRound(2, { status: 'in_progress' }),
        makeRound(3, { status: 'in_progress' }),
        makeRound(4, { status: 'cancelled' }),
      ],
    });
    expect(describeOrderCancel(t, order, false)).toBe(
      'Cancels the rounds not yet ready; dishes already ready or served stay on the bill. Rounds 2 and 3 stop ' +
        'here, their used stock is given back and the table stays open. This cannot be undone.',
    );
    expect(partialCancelMessage(t, order, false)).toBe(
      'Rounds 2 and 3 of order #42 cancelled; the rest stays on the bill.',
    );
    const waiting = makeOrder({
      status: 'pending',
      rounds: [makeRound(1, { status: 'in_progress' }), makeRound(2, { status: 'pending', source: 'table' })],
    });
    expect(describeOrderCancel(t, waiting, true)).toMatch(
      /^Rejects the rounds waiting for approval; .* Round 2 will not/,
    );
  });
});

describe('line labels', () => {
  it('tells two bowls of the same dish apart by their options, and names the round on a tab', () => {
    const large = makeLine({
      name: 'Phở bò',
      position: 0,
      options: [
        { optionId: null, group: 'Size', name: 'Lớn', priceDelta: 10000 },
        { optionId: null, group: 'Preferences', name: 'không hành', priceDelta: 0 },
      ],
    });
    const plain = makeLine({ name: 'Phở bò', position: 1, roundNo: 2 });
    const tab = makeOrder({ rounds: [makeRound(1), makeRound(2)], items: [large, plain] });
    expect(lineLabel(t, tab, large)).toBe('Phở bò (Lớn · không hành), round 1');
    expect(lineLabel(t, makeOrder(), plain)).toBe('Phở bò');
    expect(
      describePortions(tab, [
        { position: 0, quantity: 2 },
        { position: 1, quantity: 1 },
      ]),
    ).toBe('2 × Phở bò (Lớn · không hành), 1 × Phở bò');
  });
});
