import type { MembershipLevel } from '@quan/contract/customer';

const pointsFormat = new Intl.NumberFormat('vi-VN');

function levelName(level: MembershipLevel): string {
  return level.charAt(0).toUpperCase() + level.slice(1);
}

/** "Gold · 1.250 points" */
export function memberSummary({
  membershipLevel,
  loyaltyPoints,
}: {
  membershipLevel: MembershipLevel;
  loyaltyPoints: number;
}): string {
  return `${levelName(membershipLevel)} · ${loyaltyPoints === 1 ? '1 point' : `${pointsFormat.format(loyaltyPoints)} points`}`;
}
