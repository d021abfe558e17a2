import { optionRuleOf } from '@quan/contract/option-rules';
import type { Translate } from '../lib/i18n';

/**
 * A group's rule in words, in the reader's language ("Required · Choose 1", "Optional · Up to 3"): the same
 * for the manager's lists, the POS and the diner's option sheet.
 */
export function describeOptionRule(
  t: Translate,
  group: { minSelected: number; maxSelected: number; optionCount: number },
): string {
  const { kind, min, max } = optionRuleOf(group);
  return t(`options.rule.${kind}`, { min, max });
}
