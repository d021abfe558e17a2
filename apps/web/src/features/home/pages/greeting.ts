import { hourInRestaurant } from '../../../lib/format';

/**
 * "Good morning, An". Vietnamese names put the given name last ("Nguyễn Văn An"), and that is
 * the name colleagues use.
 */
export function greet(fullName: string, now: Date): string {
  const hour = hourInRestaurant(now);
  const partOfDay = hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
  const givenName = fullName.trim().split(/\s+/).pop();
  return givenName ? `${partOfDay}, ${givenName}` : partOfDay;
}
