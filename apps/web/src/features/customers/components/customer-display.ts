import type { CustomerStatus, MembershipLevel } from '@quan/contract/customer';

export const levelLabels: Record<MembershipLevel, string> = {
  bronze: 'Bronze',
  silver: 'Silver',
  gold: 'Gold',
  platinum: 'Platinum',
};

export const customerStatusLabels: Record<CustomerStatus, string> = { active: 'Active', inactive: 'Inactive' };

const countFormat = new Intl.NumberFormat('vi-VN');

/** 4560 → "4.560" (vi-VN groups thousands with dots). */
export function formatCount(count: number): string {
  return countFormat.format(count);
}

export function formatPoints(points: number): string {
  return points === 1 ? '1 point' : `${formatCount(points)} points`;
}
