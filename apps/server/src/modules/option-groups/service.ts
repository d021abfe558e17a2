import {
  optionGroupLimitsProblem,
  secondDefaultIndex,
  type createOptionGroupBodySchema,
  type DishOptionGroup,
  type BranchOptionBody,
  type OptionGroup,
  type updateOptionGroupBodySchema,
} from '@quan/contract/options';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import type { Transact } from '../../events/transact';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import * as repo from './repository';
import { setBranchOption } from './set-branch-option';

type CreateBody = z.output<typeof createOptionGroupBodySchema>;
type UpdateBody = z.output<typeof updateOptionGroupBodySchema>;
type OptionsInput = CreateBody['options'];

const missingGroup = () =>
  notFound('That option group does not exist (it may have been deleted)').because('OPTION_GROUP_NOT_FOUND');
const nameTaken = (name: string) =>
  conflict(`An option group named "${name}" already exists`).because('OPTION_GROUP_NAME_TAKEN', { name });
const menuChanged = { type: 'menu.changed' } as const;

/** "Phở bò, Bún chả and 3 more": enough to find them, short enough to read. */
function nameDishes(names: string[]): string {
  if (names.length <= 4) return names.join(', ');
  return `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
}

/** The branch's own price change and availability of these options, by option id; absent: as the menu says. */
async function branchOffers(executor: Executor, branchId: string, optionIds: string[]) {
  const rows = await repo.listBranchOptions(executor, branchId, optionIds);
  return new Map(rows.map((row) => [row.optionId, row]));
}

/** The option groups with their options (and the branch's price and availability of each), recipe changes and dishes. */
export async function loadGroups(executor: Executor, branchId: string, ids?: string[]): Promise<OptionGroup[]> {
  const groups = await repo.listGroups(executor, ids);
  const groupIds = groups.map((g) => g.id);
  const [offered, dishes] = await Promise.all([
    repo.listOfferedOptions(executor, groupIds),
    repo.listDishesOffering(executor, groupIds),
  ]);
  const optionIds = offered.map((o) => o.id);
  const [recipes, inBranch] = await Promise.all([
    repo.listOptionRecipes(executor, optionIds),
    branchOffers(executor, branchId, optionIds),
  ]);
  return groups.map((group) => ({
    _id: group.id,
    name: group.name,
    nameEn: group.nameEn,
    minSelected: group.minSelected,
    maxSelected: group.maxSelected,
    options: offered
      .filter((option) => option.groupId === group.id)
      .map((option) => ({
        _id: option.id,
        name: option.name,
        nameEn: option.nameEn,
        isDefault: option.isDefault,
        priceDelta: option.priceDelta,
        branchPriceDelta: inBranch.get(option.id)?.priceDelta ?? null,
        isSold: inBranch.get(option.id)?.isSold ?? true,
        recipe: recipes
          .filter((line) => line.optionId === option.id)
          .map(({ ingredientId, name, unit, quantity }) => ({ ingredientId, name, unit, quantity })),
      })),
    dishes: dishes.filter((dish) => dish.groupId === group.id).map((dish) => ({ _id: dish.id, name: dish.name })),
    createdAt: group.createdAt.toISOString(),
    updatedAt: group.updatedAt.toISOString(),
  }));
}

/**
 * The groups of these dishes as the POS and the diner's phone of a branch need them: the options the menu
 * and the branch offer, at the branch's price change, each marked sold out (`withStock`) when the branch's
 * stock cannot make a portion with it. Keyed by dish, in the dish's order.
 */
export async function loadDishGroups(
  executor: Executor,
  itemIds: string[],
  { withStock, branchId }: { withStock: boolean; branchId: string },
): Promise<Map<string, DishOptionGroup[]>> {
  const links = await repo.listDishGroups(executor, itemIds);
  const groupIds = [...new Set(links.map((link) => link.group.id))];
  const [menuOptions, soldOut] = await Promise.all([
    repo.listOfferedOptions(executor, groupIds),
    // Pricing an order needs no stock figures: the kitchen's stock take refuses what cannot be made.
    withStock ? repo.soldOutOptions(executor, branchId, groupIds.length ? itemIds : []) : new Set<string>(),
  ]);
  const inBranch = await branchOffers(
    executor,
    branchId,
    menuOptions.map((option) => option.id),
  );
  const offered = menuOptions.flatMap((option) => {
    const own = inBranch.get(option.id);
    if (own && !own.isSold) return [];
    return [{ ...option, priceDelta: own?.priceDelta ?? option.priceDelta }];
  });
  const byDish = new Map<string, DishOptionGroup[]>();
  for (const { itemId, group } of links) {
    const dishGroups = byDish.get(itemId) ?? [];
    dishGroups.push({
      _id: group.id,
      name: group.name,
      nameEn: group.nameEn,
      minSelected: group.minSelected,
      maxSelected: group.maxSelected,
      options: offered
        .filter((option) => option.groupId === group.id)
        .map((option) => ({
          _id: option.id,
          name: option.name,
          nameEn: option.nameEn,
          isDefault: option.isDefault,
          priceDelta: option.priceDelta,
          isSoldOut: soldOut.has(`${itemId}:${option.id}`),
        })),
    });
    byDish.set(itemId, dishGroups);
  }
  return byDish;
}

/** The groups a dish offers, in order, replaced inside the dish's transaction. */
export const setDishGroups = repo.replaceDishGroups;
/** Which of these group ids exist. */
export const existingGroupIds = repo.findExistingGroupIds;

/** Options by id, offered or not, with their group: how an order names one that is gone or foreign. */
export async function optionsById(executor: Executor, ids: string[]) {
  const rows = await repo.findOptions(executor, ids);
  return rows.map(({ option, group }) => ({ id: option.id, name: option.name, group }));
}

/** A dish cannot be ordered when one of its required groups has fewer options left than it requires. */
export const lacksRequiredOption = (groups: readonly DishOptionGroup[]) =>
  groups.some((group) => group.options.filter((option) => !option.isSoldOut).length < group.minSelected);

export function createOptionGroupService(db: Database, transact: Transact) {
  /** Writes the options of a group: kept ones by id, new ones added, the rest no longer offered. */
  async function writeOptions(tx: Executor, groupId: string, input: OptionsInput): Promise<void> {
    const secondDefault = secondDefaultIndex(input);
    if (secondDefault !== null) {
      throw badRequest('A group can have one default option', [
        { path: `options.${secondDefault}.isDefault`, message: 'Only one option of a group can be the default' },
      ]).because('OPTION_GROUP_TWO_DEFAULTS', { option: input[secondDefault]!.name });
    }
    const current = await repo.listOfferedOptions(tx, [groupId]);
    const currentIds = new Set(current.map((o) => o.id));
    const unknown = input.flatMap((option, index) =>
      option._id && !currentIds.has(option._id)
        ? [{ path: `options.${index}._id`, message: 'This option is not in the group (it may have been removed)' }]
        : [],
    );
    if (unknown.length) throw badRequest('An option sent is not in this group', unknown).because('OPTION_NOT_IN_GROUP');
    const ingredientIds = input.flatMap((option) => option.recipe.map((line) => line.ingredientId));
    const known = await repo.findExistingIngredientIds(tx, ingredientIds);
    const badIngredients = input.flatMap((option, index) =>
      option.recipe.flatMap((line, lineIndex) =>
        known.has(line.ingredientId)
          ? []
          : [{ path: `options.${index}.recipe.${lineIndex}.ingredientId`, message: 'Unknown ingredient' }],
      ),
    );
    if (badIngredients.length)
      throw badRequest('A recipe change names an ingredient that does not exist', badIngredients).because(
        'INGREDIENT_NOT_FOUND',
      );

    const kept = new Set(input.flatMap((option) => (option._id ? [option._id] : [])));
    await repo.removeOptions(
      tx,
      current.filter((option) => !kept.has(option.id)).map((option) => option.id),
    );
    for (const [sortOrder, option] of input.entries()) {
      const id = option._id ?? newId();
      await repo.upsertOption(tx, {
        id,
        groupId,
        name: option.name,
        nameEn: option.nameEn ?? null,
        isDefault: option.isDefault,
        priceDelta: option.priceDelta,
        sortOrder,
      });
      await repo.replaceOptionRecipe(tx, id, option.recipe);
    }
  }

  async function loadGroup(executor: Executor, branchId: string, id: string): Promise<OptionGroup> {
    const [group] = await loadGroups(executor, branchId, [id]);
    if (!group) throw missingGroup();
    return group;
  }

  return {
    /** Every group, with the current branch's price and availability of each option beside the menu's. */
    list: (branchId: string) => loadGroups(db, branchId),

    async create(branchId: string, body: CreateBody): Promise<OptionGroup> {
      const id = newId();
      try {
        return await transact(async (tx, record) => {
          const { options, ...fields } = body;
          await repo.insertGroup(tx, { id, ...fields });
          await writeOptions(tx, id, options);
          record(menuChanged);
          return loadGroup(tx, branchId, id);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'option_groups_name_unique')) throw nameTaken(body.name);
        throw error;
      }
    },

    async update(branchId: string, id: string, body: UpdateBody): Promise<OptionGroup> {
      try {
        return await transact(async (tx, record) => {
          const locked = await repo.lockGroup(tx, id);
          if (!locked) throw missingGroup();
          const { options, ...fields } = body;
          const optionCount = options?.length ?? (await repo.listOfferedOptions(tx, [id])).length;
          const problem = optionGroupLimitsProblem({ ...locked, ...fields, optionCount });
          if (problem) throw badRequest(problem.message, [problem]).because('OPTION_GROUP_LIMITS');
          await repo.updateGroup(tx, id, fields);
          if (options) await writeOptions(tx, id, options);
          record(menuChanged);
          return loadGroup(tx, branchId, id);
        });
      } catch (error) {
        if (body.name && isUniqueViolation(error, 'option_groups_name_unique')) throw nameTaken(body.name);
        throw error;
      }
    },

    /** Refused while dishes offer the group, naming them; past orders keep the options as sold. */
    async remove(id: string): Promise<void> {
      await transact(async (tx, record) => {
        const locked = await repo.lockGroup(tx, id);
        if (!locked) throw missingGroup();
        const dishes = await repo.listDishesOffering(tx, [id]);
        if (dishes.length > 0) {
          throw conflict(
            `"${locked.name}" is offered with ${nameDishes(dishes.map((d) => d.name))}; take it off ${dishes.length === 1 ? 'that dish' : 'those dishes'} first`,
          ).because('OPTION_GROUP_IN_USE', {
            group: locked.name,
            dishes: nameDishes(dishes.map((d) => d.name)),
            count: dishes.length,
          });
        }
        await repo.deleteGroup(tx, id);
        record(menuChanged);
      });
    },

    setBranchOption: (branchId: string, optionId: string, body: BranchOptionBody) =>
      setBranchOption({ transact, loadGroups }, branchId, optionId, body),
  };
}

export type OptionGroupService = ReturnType<typeof createOptionGroupService>;
