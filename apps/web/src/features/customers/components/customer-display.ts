import type { CustomerSort, CustomerStatus, MembershipLevel } from '@quan/contract/customer';
import { formatCount } from '../../../lib/date-format';
import type { Translate } from '../../../lib/i18n';

/** Each level's name, as a message id. */
export const levelLabelIds: Record<MembershipLevel, string> = {
  bronze: 'customers.level.bronze',
  silver: 'customers.level.silver',
  gold: 'customers.level.gold',
  platinum: 'customers.level.platinum',
};

/** Each order of the list, as a message id. */
export const customerSortLabelIds: Record<CustomerSort, string> = {
  recent: 'customers.sort.recent',
  points: 'customers.sort.points',
  name: 'customers.sort.name',
  newest: 'customers.sort.newest',
};

/** Each status's name, as a message id. */
export const customerStatusLabelIds: Record<CustomerStatus, string> = {
  active: 'customers.status.active',
  inactive: 'customers.status.inactive',
};

/** "1 point", "3,000 points" (the count in the screen's language: lib/date-format.ts). */
export function formatPoints(points: number, t: Translate): string {
  return t('customers.points', { count: points, points: formatCount(points) });
}
