import { appLocale } from './date-format';

/** "Bếp, Bar và hóa đơn", "Bếp, Bar and bills": a list in the screen's language. */
export function listOf(parts: readonly string[]): string {
  return new Intl.ListFormat(appLocale(), { style: 'long', type: 'conjunction' }).format(parts);
}
