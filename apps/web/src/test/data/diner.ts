import type { DishOptionGroup } from '@quan/contract/options';
import type { PublicMenu, PublicOrder } from '@quan/contract/public';

export const phoBo = {
  _id: '0190a1b2-0000-7000-8000-000000000001',
  name: 'Phở bò',
  description: 'Beef noodle soup with herbs',
  nameEn: null,
  descriptionEn: null,
  price: 65_000,
  imageUrl: '',
  optionGroups: [],
};
export const bunCha = {
  _id: '0190a1b2-0000-7000-8000-000000000002',
  name: 'Bún chả',
  description: 'Grilled pork with rice noodles',
  nameEn: null,
  descriptionEn: null,
  price: 55_000,
  imageUrl: '',
  optionGroups: [],
};
export const traDa = {
  _id: '0190a1b2-0000-7000-8000-000000000003',
  name: 'Trà đá',
  description: 'Iced tea',
  nameEn: null,
  descriptionEn: null,
  price: 5_000,
  imageUrl: '/images/tra-da.jpg',
  optionGroups: [],
};

/** A required "one of" size (its largest sold out) and free preferences, as a phở offers them. */
export const sizeGroup: DishOptionGroup = {
  _id: '0190a1b2-0000-7000-8000-0000000000a1',
  name: 'Size',
  minSelected: 1,
  maxSelected: 1,
  options: [
    { _id: '0190a1b2-0000-7000-8000-0000000000b1', name: 'Nhỏ', priceDelta: -5_000, isSoldOut: false },
    { _id: '0190a1b2-0000-7000-8000-0000000000b2', name: 'Lớn', priceDelta: 10_000, isSoldOut: false },
    { _id: '0190a1b2-0000-7000-8000-0000000000b3', name: 'Đặc biệt', priceDelta: 25_000, isSoldOut: true },
  ],
};
export const preferencesGroup: DishOptionGroup = {
  _id: '0190a1b2-0000-7000-8000-0000000000a2',
  name: 'Preferences',
  minSelected: 0,
  maxSelected: 3,
  options: [
    { _id: '0190a1b2-0000-7000-8000-0000000000b4', name: 'không hành', priceDelta: 0, isSoldOut: false },
    { _id: '0190a1b2-0000-7000-8000-0000000000b5', name: 'thêm trứng', priceDelta: 5_000, isSoldOut: false },
  ],
};
/** A dish with options (not on the default menu): it opens a sheet instead of adding with one tap. */
export const phoTai = {
  _id: '0190a1b2-0000-7000-8000-000000000004',
  name: 'Phở tái',
  description: 'Rare beef noodle soup',
  nameEn: null,
  descriptionEn: null,
  price: 65_000,
  imageUrl: '',
  optionGroups: [sizeGroup, preferencesGroup],
};

export function makePublicMenu(overrides: Partial<PublicMenu> = {}): PublicMenu {
  return {
    restaurant: { name: 'Quán Bà Hai', booking: false },
    categories: [
      { _id: '0190a1b2-0000-7000-8000-0000000000c1', name: 'Noodles', items: [phoBo, bunCha] },
      { _id: '0190a1b2-0000-7000-8000-0000000000c2', name: 'Drinks', items: [traDa] },
    ],
    ...overrides,
  };
}

/** A diner's order; unless `rounds` is given, one round sent from the table, in the order's status. */
export function makePublicOrder(overrides: Partial<PublicOrder> = {}): PublicOrder {
  const status = overrides.status ?? 'pending';
  const line = {
    roundNo: 1,
    voidedQuantity: 0,
    options: [],
    vatRate: 8 as const,
    stationId: null,
    startedAt: null,
    readyAt: null,
  };
  return {
    _id: '0190a1b2-0000-7000-8000-00000000a001',
    orderNo: 1042,
    status,
    items: [
      {
        itemId: phoBo._id,
        name: phoBo.name,
        price: 65_000,
        quantity: 2,
        note: '',
        total: 130_000,
        position: 0,
        ...line,
      },
      {
        itemId: bunCha._id,
        name: bunCha.name,
        price: 55_000,
        quantity: 1,
        note: 'ít cay',
        total: 55_000,
        position: 1,
        ...line,
      },
    ],
    rounds: [
      {
        no: 1,
        status: status === 'completed' ? 'served' : status,
        source: 'table',
        sentAt: '2026-01-15T05:00:00.000Z',
      },
    ],
    bills: {
      subtotal: 185_000,
      discount: 0,
      serviceRate: 0,
      serviceCharge: 0,
      taxes: [{ vatRate: 8, taxable: 185_000, tax: 14_800 }],
      serviceVatRate: 8,
      pricesIncludeTax: false,
      tax: 14_800,
      total: 199_800,
    },
    ...overrides,
  };
}
