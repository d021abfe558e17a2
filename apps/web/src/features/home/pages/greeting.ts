import { hourInRestaurant } from '../../../lib/date-format';
import type { useT } from '../../../lib/i18n';

/**
 * "Good morning, An". Vietnamese names put the given name last ("Nguyễn Văn An"), and that is
 * the name colleagues use.
 */
export function greet(fullName: string, now: Date, t: ReturnType<typeof useT>): string {
  const hour = hourInRestaurant(now);
  const partOfDay = hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening';
  const givenName = fullName.trim().split(/\s+/).pop();
  return givenName ? t(`home.greeting.${partOfDay}`, { name: givenName }) : t(`home.greeting.${partOfDay}.bare`);
}
