import type { Category, Item } from '@quan/contract/menu';

const stamp = { createdAt: '2026-03-01T05:00:00.000Z', updatedAt: '2026-03-01T05:00:00.000Z' };

export function makeCategory(overrides: Partial<Category> & Pick<Category, '_id' | 'name'>): Category {
  return { description: '', color: '#b45309', sortOrder: 0, itemCount: 0, ...stamp, ...overrides };
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
    ...stamp,
    ...overrides,
  };
}
