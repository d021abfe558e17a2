/**
 * The languages of the product's screens: Vietnamese, the restaurant's own, and English. Free of zod, so the
 * diners' pages can import it; the schema that checks a language is `languageSchema` in user.ts.
 */
export const languages = ['vi', 'en'] as const;
export type Language = (typeof languages)[number];
