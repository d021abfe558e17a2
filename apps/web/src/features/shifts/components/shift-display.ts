import { cashNotes, type PaymentMethod } from '@quan/contract/payments';
import type { NoteCounts } from '@quan/contract/shifts';
import { formatMoney } from '../../../lib/format';
import type { Translate } from '../../../lib/i18n';

/** The message id naming each payment method, translated where it is shown. */
export const paymentMethodLabelIds: Record<PaymentMethod, string> = {
  cash: 'shifts.method.cash',
  card: 'shifts.method.card',
  transfer: 'shifts.method.transfer',
  ewallet: 'shifts.method.ewallet',
  voucher: 'shifts.method.voucher',
};

/** "Over +5.000 ₫", "Short −20.000 ₫" (a true minus sign) or "Balanced" for a count that matches. */
export function overShortLabel(t: Translate, overShort: number): string {
  if (overShort === 0) return t('shifts.overShort.balanced');
  return overShort > 0
    ? t('shifts.overShort.over', { amount: formatMoney(overShort) })
    : t('shifts.overShort.short', { amount: formatMoney(-overShort) });
}

/** The tone of an over/short: short is the one a manager must look at. */
export function overShortTone(overShort: number): string {
  if (overShort < 0) return 'bg-red-50 text-red-800 ring-red-600/30';
  if (overShort > 0) return 'bg-amber-50 text-amber-900 ring-amber-600/30';
  return 'bg-green-50 text-green-800 ring-green-600/30';
}

/** "500.000 ₫" for a note, as its count row is labelled. */
export const noteLabel = (note: number) => formatMoney(note);

/** A count being typed, note by note: the text of each note's field. */
export type NoteCountDraft = Record<(typeof cashNotes)[number], string>;

export const emptyNoteCounts = (): NoteCountDraft =>
  Object.fromEntries(cashNotes.map((note) => [note, ''])) as NoteCountDraft;

/** The whole number a count field holds, or null while it is empty or not a count. */
export function parseCount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** The notes counted so far (the rows left empty or at 0 are not sent). */
export function noteCountsOf(draft: NoteCountDraft): NoteCounts {
  return cashNotes.flatMap((note) => {
    const count = parseCount(draft[note]);
    return count ? [{ note, count }] : [];
  });
}

/** The rows holding something that is not a whole count, by note. */
export function invalidNoteRows(draft: NoteCountDraft): number[] {
  return cashNotes.filter((note) => draft[note].trim() !== '' && parseCount(draft[note]) === null);
}

/** How a drawer name is remembered on the device between shifts. */
export const drawerNameStorageKey = 'quan.drawerName';
export const defaultDrawerName = 'Quầy 1';

export function rememberedDrawerName(): string {
  try {
    return localStorage.getItem(drawerNameStorageKey)?.trim() || defaultDrawerName;
  } catch {
    return defaultDrawerName;
  }
}

export function rememberDrawerName(name: string): void {
  try {
    localStorage.setItem(drawerNameStorageKey, name.trim());
  } catch {
    // Private mode or a full storage: the drawer is named again next time.
  }
}
