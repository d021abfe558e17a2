import { customerDeletedMessage, customerErrorFallbacks } from '../../../store/customers-slice';
import type { Translate } from '../../../lib/i18n';

/**
 * The customers slice's fixed sentences, which it keeps in English (product wording), by the message id that
 * shows them in the active language.
 */
const fixedMessageIds = new Map<string, string>([
  [customerErrorFallbacks.fetchList, 'customers.error.fetchList'],
  [customerErrorFallbacks.fetchOne, 'customers.error.fetchOne'],
  [customerErrorFallbacks.create, 'customers.error.create'],
  [customerErrorFallbacks.update, 'customers.error.update'],
  [customerErrorFallbacks.delete, 'customers.error.delete'],
  [customerErrorFallbacks.stats, 'customers.error.stats'],
  [customerErrorFallbacks.updateMemberships, 'customers.error.updateMemberships'],
  [customerDeletedMessage, 'customers.deleted'],
  // The slice's own words when the server says nothing after the membership update.
  ['Memberships updated', 'customers.membershipsUpdated'],
]);

/** A sentence from the slice as the page shows it: a fixed one translated, the server's as it came. */
export function translateCustomerMessage(message: string, t: Translate): string {
  const id = fixedMessageIds.get(message);
  return id ? t(id) : message;
}
