import { useSyncExternalStore } from 'react';
import { i18n, type Messages } from '@lingui/core';

/**
 * The languages of the product. Messages live in .po catalogues under src/locales/<language>/, with explicit
 * ids ("menu.search.label"); Lingui formats them (interpolation, plurals) and its Vite plugin compiles each
 * catalogue when it is imported, so a phone downloads only the language it shows.
 */
export const languages = ['vi', 'en'] as const;
export type Language = (typeof languages)[number];

/** Each language named in itself, as a switch offers it. */
export const languageNames: Record<Language, string> = { vi: 'Tiếng Việt', en: 'English' };

/** Where a diner's phone remembers the language chosen with the switch. */
export const dinerLanguageStorageKey = 'language';

const catalogues: Record<Language, () => Promise<{ messages: Messages }>> = {
  vi: () => import('../locales/vi/public.po'),
  en: () => import('../locales/en/public.po'),
};

export function isLanguage(value: unknown): value is Language {
  return (languages as readonly unknown[]).includes(value);
}

/**
 * A diner's language: the one chosen on this phone, else the first of the phone's languages the product
 * speaks, else Vietnamese (the restaurant's own).
 */
export function dinerLanguage(): Language {
  const chosen = localStorage.getItem(dinerLanguageStorageKey);
  if (isLanguage(chosen)) return chosen;
  const spoken = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of spoken) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'vi';
}

/** Loads a language's catalogue (once) and shows it: every `useT` re-renders, and `<html lang>` follows. */
export async function activateLanguage(language: Language): Promise<void> {
  if (i18n.locale !== language) {
    const { messages } = await catalogues[language]();
    i18n.loadAndActivate({ locale: language, messages });
  }
  document.documentElement.lang = language;
}

/** The diner chose a language with the switch: shown now, remembered on this phone. */
export async function chooseDinerLanguage(language: Language): Promise<void> {
  localStorage.setItem(dinerLanguageStorageKey, language);
  await activateLanguage(language);
}

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const activeLanguage = () => i18n.locale;

/** The active language, re-rendering the component when it changes. */
export function useLanguage(): Language {
  const locale = useSyncExternalStore(subscribe, activeLanguage);
  return isLanguage(locale) ? locale : 'vi';
}

/**
 * The translate function of the active language: `t('cart.items', { count: 2 })`. The component re-renders
 * when the language changes.
 */
export function useT(): typeof i18n._ {
  useLanguage();
  return i18n._.bind(i18n);
}
