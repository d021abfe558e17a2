import {
  defaultCategoryColor,
  type Category,
  type CreateCategoryBody,
  type BranchItemBody,
  type CreateItemBody,
  type Item,
  type UpdateCategoryBody,
  type UpdateItemBody,
} from '@quan/contract/menu';
import type { DishOptionGroup } from '@quan/contract/options';
import { defaultSettings } from '@quan/contract/settings';
import type { VatRate } from '@quan/contract/vat';
import type { Database, Executor } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { createEventCache } from '../../events/cache';
import type { Transact } from '../../events/transact';
import { badRequest, conflict, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import {
  existingGroupIds,
  lacksRequiredOption,
  loadDishGroups,
  optionsById,
  setDishGroups,
} from '../option-groups/service';
import { kitchenStations, stationExists } from '../stations/service';
import * as repo from './repository';
import { setBranchItem } from './set-branch-item';

function toCategory({ category, itemCount }: { category: repo.CategoryRow; itemCount: number }): Category {
  return {
    _id: category.id,
    name: category.name,
    nameEn: category.nameEn,
    description: category.description,
    color: category.color,
    sortOrder: category.sortOrder,
    stationId: category.stationId,
    vatRate: category.vatRate,
    itemCount,
    createdAt: category.createdAt.toISOString(),
    updatedAt: category.updatedAt.toISOString(),
  };
}

/** A menu item as the kitchen and the POS know it; the orders module prices lines from these. */
export interface MenuItemForOrder {
  id: string;
  name: string;
  price: number;
  categoryId: string;
  isAvailable: boolean;
  /** Its groups with the options offered now (stock not considered: the kitchen's stock take is). */
  optionGroups: DishOptionGroup[];
  /** Where its lines go: its own station, else its category's, else the first; null without stations. */
  stationId: string | null;
  /**
   * Its own VAT rate, else its category's; null: the restaurant's default, read with the settings when a line
   * is priced (so that a change of the default needs no new menu).
   */
  vatRate: VatRate | null;
  /** Whether its recipe or an option's recipe change names an ingredient: a portion may take stock. */
  usesStock: boolean;
}

/** Every dish, available or not, by id, as one branch sells it: what that branch's orders are priced from. */
export type OrderMenu = ReadonlyMap<string, MenuItemForOrder>;

const categoryTaken = (name: string) =>
  conflict(`A category named "${name}" already exists`).because('CATEGORY_NAME_TAKEN', { name });
const missingCategory = () =>
  notFound('That category does not exist (it may have been deleted)').because('CATEGORY_NOT_FOUND');
const missingItem = () =>
  notFound('That menu item does not exist (it may have been deleted)').because('MENU_ITEM_NOT_FOUND');

const menuChanged = { type: 'menu.changed' } as const;

/**
 * A station or option group checked a moment ago can be deleted before the row naming it is written: the
 * foreign key refuses the write, and the manager is told what went instead of a 500.
 */
function explainVanished(error: unknown): unknown {
  if (
    isForeignKeyViolation(error, 'items_station_id_stations_id_fk') ||
    isForeignKeyViolation(error, 'categories_station_id_stations_id_fk')
  ) {
    return conflict('That station was deleted meanwhile; choose another').because('STATION_VANISHED');
  }
  if (isForeignKeyViolation(error, 'item_option_groups_group_id_option_groups_id_fk')) {
    return conflict('An option group chosen was deleted meanwhile; choose again').because('OPTION_GROUP_VANISHED');
  }
  return error;
}

/** More than any chain has branches: each branch's order menu stays in memory. */
const MAX_BRANCH_MENUS = 500;

export function createMenuService(db: Database, transact: Transact, bus: Pick<EventBus, 'on'>) {
  /**
   * Each branch's read once per menu version: every change of a dish, category, option group, station or a
   * branch's price or availability records `menu.changed` (the event the public menu's cache follows too).
   * Each entry's size is the menu's.
   */
  const orderMenus = createEventCache<string, OrderMenu>({
    bus,
    staleOn: { 'menu.changed': 'all' },
    maxEntries: MAX_BRANCH_MENUS,
    async load(branchId): Promise<OrderMenu> {
      const dishes = await repo.listItemsForOrders(db, branchId);
      const ids = dishes.map((dish) => dish.id);
      const [dishGroups, stations] = await Promise.all([
        loadDishGroups(db, ids, { withStock: false, branchId }),
        kitchenStations(db, branchId),
      ]);
      // A dish routed to a station this branch does not run goes to its first station.
      const stationHere = (id: string | null) =>
        stations.find((station) => station._id === id)?._id ?? stations[0]?._id ?? null;
      return new Map(
        dishes.map(({ categoryStationId, categoryVatRate, ...dish }) => [
          dish.id,
          {
            ...dish,
            vatRate: dish.vatRate ?? categoryVatRate,
            optionGroups: dishGroups.get(dish.id) ?? [],
            stationId: stationHere(dish.stationId ?? categoryStationId),
          },
        ]),
      );
    },
  });

  /** The dishes as the branch sells them: its price, its options, its stock; `all` adds those it does not sell. */
  async function loadItems(
    executor: Executor,
    branchId: string,
    where: { categoryId?: string; ids?: string[]; all?: boolean },
  ): Promise<Item[]> {
    const rows = await repo.listItems(executor, branchId, where);
    const ids = rows.map((r) => r.item.id);
    const [recipe, dishGroups] = await Promise.all([
      repo.listRecipeLines(executor, ids),
      loadDishGroups(executor, ids, { withStock: true, branchId }),
    ]);
    return rows.map(({ item, category, branchPrice, isSold, isSoldOut, defaultVatRate }) => {
      const optionGroups = dishGroups.get(item.id) ?? [];
      return {
        _id: item.id,
        name: item.name,
        description: item.description,
        nameEn: item.nameEn,
        descriptionEn: item.descriptionEn,
        price: branchPrice ?? item.price,
        menuPrice: item.price,
        branchPrice,
        isSold,
        categoryId: item.categoryId,
        category: { _id: category.id, name: category.name },
        imageUrl: item.imageUrl,
        isAvailable: item.isAvailable,
        isSoldOut: isSoldOut || lacksRequiredOption(optionGroups),
        recipe: recipe
          .filter((line) => line.itemId === item.id)
          .map(({ ingredientId, name, unit, quantity }) => ({ ingredientId, name, unit, quantity })),
        optionGroups,
        stationId: item.stationId,
        prepMinutes: item.prepMinutes,
        vatRate: item.vatRate,
        billedVatRate: item.vatRate ?? category.vatRate ?? defaultVatRate ?? defaultSettings.taxRate,
        createdAt: item.createdAt.toISOString(),
        updatedAt: item.updatedAt.toISOString(),
      };
    });
  }

  async function loadItem(executor: Executor, branchId: string, id: string): Promise<Item> {
    const [item] = await loadItems(executor, branchId, { ids: [id], all: true });
    if (!item) throw missingItem();
    return item;
  }

  /** The body's references must exist: its category, station, option groups and every ingredient of its recipe. */
  async function checkReferences(executor: Executor, body: UpdateItemBody): Promise<void> {
    if (body.categoryId && !(await repo.findCategory(executor, body.categoryId))) {
      throw badRequest('That category does not exist', [{ path: 'categoryId', message: 'Unknown category' }]).because(
        'CATEGORY_NOT_FOUND',
      );
    }
    await checkStation(executor, body.stationId);
    if (body.optionGroupIds?.length) {
      const known = await existingGroupIds(executor, body.optionGroupIds);
      const errors = body.optionGroupIds.flatMap((id, index) =>
        known.has(id) ? [] : [{ path: `optionGroupIds.${index}`, message: 'Unknown option group' }],
      );
      if (errors.length) {
        throw badRequest('An option group chosen does not exist (it may have been deleted)', errors).because(
          'OPTION_GROUP_VANISHED',
        );
      }
    }
    if (body.recipe?.length) {
      const known = await repo.findExistingIngredientIds(
        executor,
        body.recipe.map((line) => line.ingredientId),
      );
      const errors = body.recipe.flatMap((line, index) =>
        known.has(line.ingredientId) ? [] : [{ path: `recipe.${index}.ingredientId`, message: 'Unknown ingredient' }],
      );
      if (errors.length) {
        throw badRequest('The recipe names an ingredient that does not exist', errors).because('INGREDIENT_NOT_FOUND');
      }
    }
  }

  async function checkStation(executor: Executor, stationId: string | null | undefined): Promise<void> {
    if (stationId && !(await stationExists(executor, stationId))) {
      throw badRequest('That station does not exist (it may have been deleted)', [
        { path: 'stationId', message: 'Unknown station' },
      ]).because('STATION_VANISHED');
    }
  }

  return {
    async listCategories(): Promise<Category[]> {
      return (await repo.listCategories(db)).map(toCategory);
    },

    async createCategory(body: CreateCategoryBody): Promise<Category> {
      const id = newId();
      try {
        return await transact(async (tx, record) => {
          await checkStation(tx, body.stationId);
          await repo.insertCategory(tx, { id, color: defaultCategoryColor, ...body });
          record(menuChanged);
          return toCategory((await repo.findCategory(tx, id))!);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw categoryTaken(body.name);
        throw explainVanished(error);
      }
    },

    async updateCategory(id: string, body: UpdateCategoryBody): Promise<Category> {
      try {
        return await transact(async (tx, record) => {
          await checkStation(tx, body.stationId);
          if (!(await repo.updateCategory(tx, id, body))) throw missingCategory();
          record(menuChanged);
          return toCategory((await repo.findCategory(tx, id))!);
        });
      } catch (error) {
        if (body.name && isUniqueViolation(error)) throw categoryTaken(body.name);
        throw explainVanished(error);
      }
    },

    async deleteCategory(id: string): Promise<void> {
      await transact(async (tx, record) => {
        const found = await repo.findCategory(tx, id);
        if (!found) throw missingCategory();
        if (found.itemCount > 0) {
          const dishes = found.itemCount === 1 ? '1 dish' : `${found.itemCount} dishes`;
          throw conflict(`"${found.category.name}" still has ${dishes}; move or delete them first`).because(
            'CATEGORY_HAS_DISHES',
            { category: found.category.name, count: found.itemCount },
          );
        }
        await repo.deleteCategory(tx, id);
        record(menuChanged);
      });
    },

    /**
     * The dishes the branch sells, at its prices (the POS, the public menu); `all`: the editor's list, with
     * those it does not sell too (`isSold` false).
     */
    listItems: (branchId: string, query: { categoryId?: string; all?: boolean } = {}) => loadItems(db, branchId, query),

    /**
     * The menu the branch's orders are priced from, kept in memory until it changes. Read it before the
     * order's transaction: PGlite's one connection is busy with that transaction until it ends.
     */
    orderMenu: (branchId: string): Promise<OrderMenu> => orderMenus.get(branchId),

    /** The current branch's own price of a dish (null: the menu's) or whether it sells it. */
    setBranchItem: (branchId: string, id: string, body: BranchItemBody) =>
      setBranchItem({ transact, loadItem }, branchId, id, body),

    kitchenStations,
    optionsById,

    async createItem(branchId: string, body: CreateItemBody): Promise<Item> {
      const id = newId();
      return transact(async (tx, record) => {
        await checkReferences(tx, body);
        const { recipe, optionGroupIds, ...fields } = body;
        await repo.insertItem(tx, { id, ...fields });
        await repo.replaceRecipe(tx, id, recipe ?? []);
        await setDishGroups(tx, id, optionGroupIds ?? []);
        record(menuChanged);
        return loadItem(tx, branchId, id);
      }).catch((error: unknown) => {
        throw explainVanished(error);
      });
    },

    async updateItem(branchId: string, id: string, body: UpdateItemBody): Promise<Item> {
      return transact(async (tx, record) => {
        await checkReferences(tx, body);
        const { recipe, optionGroupIds, ...fields } = body;
        if (!(await repo.updateItem(tx, id, fields))) throw missingItem();
        if (recipe) await repo.replaceRecipe(tx, id, recipe);
        if (optionGroupIds) await setDishGroups(tx, id, optionGroupIds);
        record(menuChanged);
        return loadItem(tx, branchId, id);
      }).catch((error: unknown) => {
        throw explainVanished(error);
      });
    },

    async deleteItem(id: string): Promise<void> {
      await transact(async (tx, record) => {
        if (!(await repo.deleteItem(tx, id))) throw missingItem();
        record(menuChanged);
      });
    },
  };
}

export type MenuService = ReturnType<typeof createMenuService>;
