import type { Branch } from '@quan/contract/branch';
import type { Coupon } from '@quan/contract/coupon';
import type { Translate } from '../../../lib/i18n';

/**
 * The branches this person works in (an admin: every branch), as the page loaded them, and whether they are a
 * chain of more than one: only then may a coupon be limited to branches. A restaurant with one branch never
 * sees the word.
 */
export interface ChainBranches {
  branches: readonly Branch[];
  inChain: boolean;
}

export const singleRestaurant: ChainBranches = { branches: [], inChain: false };

export function chainBranchesOf(branches: readonly Branch[] | undefined): ChainBranches {
  return branches && branches.length > 1 ? { branches, inChain: true } : { branches: branches ?? [], inChain: false };
}

/**
 * Where a coupon works, in words: "Every branch", or the names of its branches; those this person does not
 * work in (and so cannot name) are counted.
 */
export function describeCouponBranches(
  coupon: Pick<Coupon, 'branchIds'>,
  branches: readonly Branch[],
  t: Translate,
): string {
  const ids = coupon.branchIds ?? [];
  if (ids.length === 0) return t('coupons.branches.every');
  const names = branches.filter((branch) => ids.includes(branch._id)).map((branch) => branch.name);
  const unnamed = ids.length - names.length;
  return [...names, ...(unnamed > 0 ? [t('coupons.branches.others', { count: unnamed })] : [])].join(', ');
}
