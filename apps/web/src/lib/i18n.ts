import { useSyncExternalStore } from 'react';
import { i18n, type Messages } from '@lingui/core';
import { languages, type Language } from '@quan/contract/language';

/*
 * The words of the product in its languages (`languages` in the contract). Messages live in .po catalogues under
 * src/locales/<language>/, with explicit ids ("menu.search.label"); Lingui formats them (interpolation, plurals)
 * and its Vite plugin compiles each catalogue when it is imported, so a phone downloads only the language it
 * shows.
 */

/** Each language named in itself, as a switch offers it. */
export const languageNames: Record<Language, string> = { vi: 'Tiếng Việt', en: 'English' };

/** Where a diner's phone remembers the language chosen with the switch. */
export const dinerLanguageStorageKey = 'language';

/**
 * The diners' catalogues (src/locales/<language>/<area>.po for the diner areas), each its own chunk. The staff
 * screens read every area; that longer list is a chunk of its own (staff-language.ts), so a phone never
 * downloads it. The booking pages (/book, /booking/<key>) read the diner areas and their own, which a diner
 * at a table never downloads.
 */
const dinerCatalogues = import.meta.glob<{ messages: Messages }>('../locales/*/{public,table,landing,booking}.po');
const bookingArea = /\/booking\.po$/;
export type Audience = 'diner' | 'booking' | 'staff';

const loaded = new Set<string>();

async function loadCatalogues(language: Language, audience: Audience): Promise<void> {
  const staff = audience === 'staff' ? await import('./staff-language') : null;
  const catalogues = staff?.staffCatalogues ?? dinerCatalogues;
  const missing = Object.keys(catalogues).filter(
    (path) =>
      path.includes(`/locales/${language}/`) && !loaded.has(path) && (audience !== 'diner' || !bookingArea.test(path)),
  );
  const areas = await Promise.all(missing.map((path) => catalogues[path]!()));
  if (areas.length > 0) i18n.load(language, Object.assign({}, ...areas.map((area) => area.messages)));
  for (const path of missing) loaded.add(path);
  staff?.showZodMessagesIn(language);
}

export function isLanguage(value: unknown): value is Language {
  return (languages as readonly unknown[]).includes(value);
}

/**
 * A diner's language: the one chosen on this phone, else the first of the phone's languages the product
 * speaks, else Vietnamese (the restaurant's own).
 */
export function dinerLanguage(): Language {
  const chosen = localStorage.getItem(dinerLanguageStorageKey);
  return isLanguage(chosen) ? chosen : deviceLanguage();
}

/** The first of the device's languages the product speaks, else Vietnamese. */
export function deviceLanguage(): Language {
  const spoken = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of spoken) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'vi';
}

/**
 * Loads what an audience reads of a language (each catalogue once) and shows it: every `useT` re-renders, and
 * `<html lang>` follows.
 */
export async function activateLanguage(language: Language, audience: Audience = 'diner'): Promise<void> {
  if (audience !== 'staff') dinerAudience = audience;
  await loadCatalogues(language, audience);
  if (i18n.locale !== language) i18n.activate(language);
  if (!import.meta.env.SSR) document.documentElement.lang = language;
}

/** What the diner page shown last reads: the switch loads the same areas in the language chosen. */
let dinerAudience: Exclude<Audience, 'staff'> = 'diner';

/** The diner chose a language with the switch: shown now, remembered on this phone. */
export async function chooseDinerLanguage(language: Language): Promise<void> {
  localStorage.setItem(dinerLanguageStorageKey, language);
  // The server renders the diner pages in it too (apps/server/src/plugins/public-pages.ts reads the cookie).
  document.cookie = `${dinerLanguageStorageKey}=${language}; path=/; max-age=31536000; samesite=lax`;
  await activateLanguage(language, dinerAudience);
}

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const activeLanguage = () => i18n.locale;

/** The active language, re-rendering the component when it changes. */
export function useLanguage(): Language {
  // The same on the server and while hydrating: the language the page was rendered in is active by then.
  const locale = useSyncExternalStore(subscribe, activeLanguage, activeLanguage);
  return isLanguage(locale) ? locale : 'vi';
}

/** `i18n._`, saying nothing before any language is shown (the spinner while the first page and its words load). */
const translate = ((...args: Parameters<typeof i18n._>) => (i18n.locale ? i18n._(...args) : '')) as typeof i18n._;

/** What `useT` returns: the plain functions that write words take it as a parameter. */
export type Translate = typeof i18n._;

/**
 * The translate function of the active language: `t('cart.items', { count: 2 })`. The component re-renders
 * when the language changes.
 */
export function useT(): Translate {
  useLanguage();
  return translate;
}

/**
 * The sentence of an API error's code (`code` and `params` of the error envelope) in the active language, when the
 * catalogues have one (`errors.<CODE>`); null otherwise, and the server's own sentence is shown instead. The
 * server writes English, and its sentence is the more precise one: in English it is always shown as it came.
 */
export function translateErrorCode(code: unknown, params?: Record<string, string | number>): string | null {
  if (typeof code !== 'string' || !code || i18n.locale === 'en') return null;
  const id = `errors.${code}`;
  return id in i18n.messages ? i18n._(id, params) : null;
}
