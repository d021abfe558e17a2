import { newId } from '../../lib/ids';
import type { DemoGroupKey, DishSpec } from '../restaurant-catalog';
import type { chooseMenu } from './menu';

// The options guests ask for, named in Vietnamese and in English, each group on the dishes it suits.

interface OptionSpec {
  name: string;
  nameEn: string;
  /** Whole VND. */
  priceDelta?: number;
  /** Chosen already on the POS and the diner's phone. */
  isDefault?: boolean;
}

interface GroupSpec {
  name: string;
  nameEn: string;
  minSelected: number;
  maxSelected: number;
  options: OptionSpec[];
  /** Offered only with the dishes whose recipe holds one of these ingredients (no "Ít đá" on hot tea). */
  onlyWith?: string[];
}

const groupSpecs: Record<DemoGroupKey, GroupSpec> = {
  size: {
    name: 'Kích cỡ',
    nameEn: 'Size',
    minSelected: 1,
    maxSelected: 1,
    options: [
      { name: 'Nhỏ', nameEn: 'Small', priceDelta: -10_000 },
      { name: 'Vừa', nameEn: 'Regular', isDefault: true },
      { name: 'Lớn', nameEn: 'Large', priceDelta: 15_000 },
    ],
  },
  requests: {
    name: 'Yêu cầu',
    nameEn: 'Requests',
    minSelected: 0,
    maxSelected: 3,
    options: [
      { name: 'Không hành', nameEn: 'No spring onion' },
      { name: 'Không rau', nameEn: 'No herbs' },
      { name: 'Ít cay', nameEn: 'Less spicy' },
    ],
  },
  riceExtras: {
    name: 'Thêm',
    nameEn: 'Extras',
    minSelected: 0,
    maxSelected: 2,
    options: [
      { name: 'Trứng ốp la', nameEn: 'Fried egg', priceDelta: 10_000 },
      { name: 'Thêm cơm', nameEn: 'Extra rice', priceDelta: 5_000 },
    ],
  },
  ice: {
    name: 'Đá',
    nameEn: 'Ice',
    minSelected: 0,
    maxSelected: 1,
    options: [
      { name: 'Ít đá', nameEn: 'Less ice' },
      { name: 'Không đá', nameEn: 'No ice' },
    ],
    onlyWith: ['ice'],
  },
  sugar: {
    name: 'Đường',
    nameEn: 'Sugar',
    minSelected: 0,
    maxSelected: 1,
    options: [
      { name: 'Ít đường', nameEn: 'Less sugar' },
      { name: 'Không đường', nameEn: 'No sugar' },
    ],
    onlyWith: ['sugar'],
  },
};

const suits = (group: GroupSpec, dish: DishSpec) =>
  !group.onlyWith || dish.recipe.some(([ingredient]) => group.onlyWith!.includes(ingredient));

/**
 * The rows of the option groups the menu's dishes offer, their options, and which dish offers which group (in
 * the category's order). `dishIds` are the menu's dishes in its order.
 */
export function demoOptionGroups(menu: ReturnType<typeof chooseMenu>, dishIds: string[], openedAt: Date) {
  const dishes = menu.flatMap((category) => category.dishes.map((dish) => ({ dish, keys: category.optionGroups })));
  const links = dishes.flatMap(({ dish, keys }, d) =>
    keys
      .filter((key) => suits(groupSpecs[key], dish))
      .map((key, sortOrder) => ({ key, itemId: dishIds[d]!, sortOrder })),
  );
  const used = [...new Set(links.map((link) => link.key))];
  const groupIds = new Map(used.map((key) => [key, newId()]));
  return {
    groupRows: used.map((key) => {
      const { name, nameEn, minSelected, maxSelected } = groupSpecs[key];
      return {
        id: groupIds.get(key)!,
        name,
        nameEn,
        minSelected,
        maxSelected,
        createdAt: openedAt,
        updatedAt: openedAt,
      };
    }),
    optionRows: used.flatMap((key) =>
      groupSpecs[key].options.map((option, sortOrder) => ({
        id: newId(),
        groupId: groupIds.get(key)!,
        name: option.name,
        nameEn: option.nameEn,
        isDefault: option.isDefault ?? false,
        priceDelta: option.priceDelta ?? 0,
        sortOrder,
      })),
    ),
    dishGroupRows: links.map(({ key, itemId, sortOrder }) => ({ itemId, groupId: groupIds.get(key)!, sortOrder })),
  };
}
