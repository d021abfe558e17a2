import { checkOptionChoice, describeOptions, portionPrice } from '@quan/contract/option-rules';
import type { SoldOption } from '@quan/contract/options';
import type { OrderLineInput } from '@quan/contract/order';
import type { VatRate } from '@quan/contract/vat';
import type { Executor } from '../../db/client';
import { badRequest, conflict, isForeignKeyViolation } from '../../lib/app-error';
import type { MenuItemForOrder, OrderMenu } from '../menu/service';
import type { OrdersDeps } from './deps';
import type * as repo from './repository';

/** The largest bill the money columns hold (int4), far above any real restaurant bill. */
export const MAX_BILL = 2_000_000_000;

/**
 * The options a line chose, checked against its dish's groups as they are now and copied with their names
 * and prices, in the dish's group order. A choice naming an option that is no longer offered is a 409 (the
 * menu changed under the guest); any other bad choice is a 400 naming the group and the options.
 */
async function chooseOptions(
  deps: Pick<OrdersDeps, 'menu'>,
  tx: Executor,
  dish: MenuItemForOrder,
  chosenIds: readonly string[],
  path: string,
): Promise<SoldOption[]> {
  const offered = dish.optionGroups.flatMap((group) => group.options.map((option) => ({ group, option })));
  const strangers = chosenIds.filter((id) => !offered.some(({ option }) => option._id === id));
  if (strangers.length > 0) {
    const known = await deps.menu.optionsById(tx, strangers);
    const first = known.find(({ group }) => dish.optionGroups.some((g) => g._id === group.id));
    if (first)
      throw conflict(`${first.group.name}: ${first.name} is no longer offered with ${dish.name}; choose again`).because(
        'OPTION_WITHDRAWN',
        { group: first.group.name, option: first.name, dish: dish.name },
      );
    const other = known[0];
    if (other) {
      throw badRequest(`${other.name} (${other.group.name}) is not an option of ${dish.name}`, [
        { path, message: 'Not an option of this dish' },
      ]).because('OPTION_NOT_OF_DISH', { option: other.name, group: other.group.name, dish: dish.name });
    }
    throw conflict(`An option chosen for ${dish.name} is no longer on the menu; choose again`).because(
      'OPTION_REMOVED',
      { dish: dish.name },
    );
  }
  const [problem] = checkOptionChoice(dish, chosenIds);
  if (problem) {
    // The screens check the choice with the same rules as it is made; this refusal is the last word, in general terms.
    throw badRequest(problem.message, [{ path, message: problem.message }]).because('OPTION_CHOICE_INVALID', {
      dish: dish.name,
    });
  }
  return offered
    .filter(({ option }) => chosenIds.includes(option._id))
    .map(({ group, option }) => ({
      optionId: option._id,
      group: group.name,
      name: option.name,
      priceDelta: option.priceDelta,
    }));
}

/**
 * Prices every line of a round from the menu as it is now (`deps.menu.orderMenu()`, read before the
 * transaction; what the client sends is never a price): the dish's price plus its options' changes.
 * Refuses unknown and unavailable dishes and bad option choices, and routes each line to its dish's
 * station. Lines are numbered on from `first.position` in round `first.roundNo`. Each line takes its dish's
 * VAT rate as it is now (its own, else its category's, else `defaultVatRate`, the restaurant's): a later change
 * of the menu's rates leaves the order's bill as it was.
 */
export async function priceLines(
  deps: Pick<OrdersDeps, 'menu'>,
  tx: Executor,
  menu: OrderMenu,
  orderId: string,
  items: OrderLineInput[],
  first: { position: number; roundNo: number },
  defaultVatRate: VatRate,
): Promise<repo.OrderLineRow[]> {
  const unknown = items.flatMap((line, index) =>
    menu.has(line.itemId) ? [] : [{ path: `items.${index}.itemId`, message: 'This dish is not on the menu' }],
  );
  if (unknown.length) {
    throw badRequest('The order has a dish that is not on the menu', unknown).because('DISH_NOT_ON_MENU');
  }
  const lines: repo.OrderLineRow[] = [];
  for (const [index, line] of items.entries()) {
    const item = menu.get(line.itemId)!;
    if (!item.isAvailable) {
      throw conflict(`${item.name} is not available right now`).because('DISH_UNAVAILABLE', { dish: item.name });
    }
    const options = await chooseOptions(deps, tx, item, line.options ?? [], `items.${index}.options`);
    const price = portionPrice(item.price, options);
    if (price < 0) {
      throw badRequest(`${item.name} with ${describeOptions(options)} would cost less than nothing`, [
        { path: `items.${index}.options`, message: 'The options take more off than the dish costs' },
      ]).because('OPTIONS_BELOW_ZERO', { dish: item.name });
    }
    lines.push({
      orderId,
      position: first.position + index,
      roundNo: first.roundNo,
      itemId: item.id,
      categoryId: item.categoryId,
      name: item.name,
      price,
      quantity: line.quantity,
      voidedQuantity: 0,
      note: line.note ?? '',
      options,
      vatRate: item.vatRate ?? defaultVatRate,
      stationId: item.stationId,
      startedAt: null,
      readyAt: null,
      total: price * line.quantity,
    });
  }
  return lines;
}

/**
 * Whether a round of these lines may take stock: one of its dishes has a recipe, or offers an option whose
 * recipe changes it. A round that cannot skips the stock statement.
 */
export function roundUsesStock(menu: OrderMenu, lines: repo.OrderLineRow[]): boolean {
  return lines.some((line) => line.itemId !== null && menu.get(line.itemId)?.usesStock === true);
}

/** The foreign keys from an order line to the menu. */
const MENU_FOREIGN_KEYS = [
  'order_lines_item_id_items_id_fk',
  'order_lines_category_id_categories_id_fk',
  'order_lines_station_id_stations_id_fk',
];

/**
 * Lines are priced from the menu in memory, which a change made on another instance reaches a moment later
 * (a lost Redis message, after CACHE_MAX_AGE_MS): a dish, category or station deleted meanwhile is refused
 * by its foreign key, and the order is answered a 409 to send again rather than a 500.
 */
export function explainMenuChanged(error: unknown): unknown {
  if (MENU_FOREIGN_KEYS.some((constraint) => isForeignKeyViolation(error, constraint))) {
    return conflict('The menu changed while this order was on its way; check it and send it again').because(
      'MENU_CHANGED',
    );
  }
  return error;
}
