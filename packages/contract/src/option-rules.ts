/**
 * The rules of choosing options, without zod, so the diner's phone runs them without loading the schemas:
 * the POS and the table page check a choice as the guest makes it, and the server (price-lines.ts) checks
 * it again and has the last word. Shapes in options.ts.
 */

/** What these rules need of a dish's option group (DishOptionGroup in options.ts). */
interface OptionGroupRule {
  _id: string;
  name: string;
  minSelected: number;
  maxSelected: number;
  options: readonly { _id: string; name: string }[];
}

/** "Lớn · không hành": how tickets, receipts and the diner's order show a line's options under the dish. */
export const describeOptions = (options: readonly { name: string }[]) =>
  options.map((option) => option.name).join(' · ');

export interface OptionChoiceProblem {
  groupId: string | null;
  message: string;
}

/**
 * Whether a choice of options fits a dish's groups: every option belongs to one of the dish's groups, at
 * most once, and each group gets between its minimum and maximum. Answers the problems, each naming the
 * group and the options, in the dish's group order; an empty list means the choice is good.
 */
export function checkOptionChoice(
  dish: {
    name: string;
    optionGroups: readonly OptionGroupRule[];
  },
  chosenIds: readonly string[],
): OptionChoiceProblem[] {
  const problems: OptionChoiceProblem[] = [];
  const seen = new Set<string>();
  const perGroup = new Map<string, string[]>();
  for (const id of chosenIds) {
    if (seen.has(id)) {
      const name = dish.optionGroups.flatMap((g) => g.options).find((o) => o._id === id)?.name ?? 'An option';
      problems.push({ groupId: null, message: `${name} is chosen twice` });
      continue;
    }
    seen.add(id);
    const group = dish.optionGroups.find((g) => g.options.some((o) => o._id === id));
    if (!group) {
      problems.push({ groupId: null, message: `An option chosen is not offered with ${dish.name}` });
      continue;
    }
    perGroup.set(group._id, [...(perGroup.get(group._id) ?? []), group.options.find((o) => o._id === id)!.name]);
  }
  for (const group of dish.optionGroups) {
    const names = perGroup.get(group._id) ?? [];
    if (names.length < group.minSelected) {
      problems.push({
        groupId: group._id,
        message:
          group.minSelected === 1
            ? `${dish.name}: choose a ${group.name}`
            : `${dish.name}: choose at least ${group.minSelected} of ${group.name}`,
      });
    } else if (names.length > group.maxSelected) {
      problems.push({
        groupId: group._id,
        message:
          group.maxSelected === 1
            ? `${group.name} takes one choice, not ${names.join(' and ')}`
            : `${group.name} takes at most ${group.maxSelected} choices (${names.length} chosen: ${names.join(', ')})`,
      });
    }
  }
  return problems;
}

/** The price of one portion: the dish's price and its options' changes (the server refuses a choice below 0). */
export function portionPrice(dishPrice: number, options: readonly { priceDelta: number }[]): number {
  return options.reduce((sum, option) => sum + option.priceDelta, dishPrice);
}

/**
 * Which rule a group's limits make, the same for the manager, the POS and the diner (each screen says it in
 * its language): `required` "Choose 1", `requiredRange` "Choose 1 to 3", `requiredAtLeast` "At least 2",
 * `optionalOne` "Optional · Choose 1", `optionalUpTo` "Up to 3", `optionalAny` "Any", or `optional` for a
 * single optional option.
 */
export type OptionRuleKind =
  'required' | 'requiredRange' | 'requiredAtLeast' | 'optional' | 'optionalOne' | 'optionalUpTo' | 'optionalAny';

export function optionRuleOf(group: { minSelected: number; maxSelected: number; optionCount: number }): {
  kind: OptionRuleKind;
  min: number;
  max: number;
} {
  const { minSelected: min, maxSelected: max, optionCount } = group;
  const anyNumber = max >= optionCount;
  const kind: OptionRuleKind =
    min === 0
      ? optionCount <= 1
        ? 'optional'
        : max === 1
          ? 'optionalOne'
          : anyNumber
            ? 'optionalAny'
            : 'optionalUpTo'
      : min >= Math.min(max, optionCount)
        ? 'required'
        : anyNumber
          ? 'requiredAtLeast'
          : 'requiredRange';
  return { kind, min, max };
}
