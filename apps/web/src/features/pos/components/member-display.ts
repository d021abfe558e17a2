import type { MembershipLevel } from '@quan/contract/customer';
import { formatCount } from '../../../lib/date-format';
import type { useT } from '../../../lib/i18n';

/** Each membership level's name, as a message id. */
const levelNames: Record<MembershipLevel, string> = {
  bronze: 'pos.level.bronze',
  silver: 'pos.level.silver',
  gold: 'pos.level.gold',
  platinum: 'pos.level.platinum',
};

/** "Gold · 1,250 points" (the points in the screen's language). */
export function memberSummary(
  {
    membershipLevel,
    loyaltyPoints,
  }: {
    membershipLevel: MembershipLevel;
    loyaltyPoints: number;
  },
  t: ReturnType<typeof useT>,
): string {
  const points = t('pos.member.points', { count: loyaltyPoints, points: formatCount(loyaltyPoints) });
  return `${t(levelNames[membershipLevel])} · ${points}`;
}
