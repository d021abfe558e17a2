import type { Category, Item } from '@quan/contract/menu';
import type { OptionGroup } from '@quan/contract/options';
import type { Station } from '@quan/contract/stations';

const stamp = { createdAt: '2026-03-01T05:00:00.000Z', updatedAt: '2026-03-01T05:00:00.000Z' };

export function makeCategory(overrides: Partial<Category> & Pick<Category, '_id' | 'name'>): Category {
  return {
    description: '',
    color: '#b45309',
    sortOrder: 0,
    stationId: null,
    vatRate: null,
    itemCount: 0,
    ...stamp,
    ...overrides,
  };
}

export function makeItem(category: Category, overrides: Partial<Item> & Pick<Item, '_id' | 'name'>): Item {
  return {
    description: '',
    price: 50_000,
    categoryId: category._id,
    category: { _id: category._id, name: category.name },
    imageUrl: '',
    isAvailable: true,
    isSoldOut: false,
    recipe: [],
    optionGroups: [],
    stationId: null,
    prepMinutes: null,
    vatRate: null,
    billedVatRate: 8,
    ...stamp,
    ...overrides,
  };
}

/** A kitchen station as GET /api/station returns it: in use in the branch, without a target time unless told. */
export function makeStation(overrides: Partial<Station> & Pick<Station, '_id' | 'name'>): Station {
  return { inUse: true, targetMinutes: null, sortOrder: 0, ...stamp, ...overrides };
}

export function makeOptionGroup(overrides: Partial<OptionGroup> & Pick<OptionGroup, '_id' | 'name'>): OptionGroup {
  return { minSelected: 0, maxSelected: 1, options: [], dishes: [], ...stamp, ...overrides };
}

/** A dish's view of a group, as items carry it. */
export function dishGroupOf(group: OptionGroup): Item['optionGroups'][number] {
  return {
    _id: group._id,
    name: group.name,
    minSelected: group.minSelected,
    maxSelected: group.maxSelected,
    options: group.options.map(({ _id, name, priceDelta }) => ({ _id, name, priceDelta, isSoldOut: false })),
  };
}
