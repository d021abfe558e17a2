import { z } from 'zod';

// Apart from text.ts on purpose: the diner pages fold text for search from there, and must not bring zod with it.

/**
 * Characters nobody types: the C0 controls (U+0000–U+001F, NUL among them), DEL (U+007F) and the C1 controls
 * (U+0080–U+009F). They reach a request only from a script or a bad paste, print as nothing or as boxes on a
 * receipt, and PostgreSQL refuses NUL in text outright. A one-line field refuses all of them; a multi-line one
 * (notes, descriptions, addresses) keeps the line feed and tab a textarea makes, and the carriage return of a
 * Windows line end (`\r\n`). Written as a pattern, so the API's documentation shows it too.
 */
// eslint-disable-next-line no-control-regex -- control characters are what these patterns are about
const ONE_LINE = /^[^\u0000-\u001F\u007F-\u009F]*$/;
// eslint-disable-next-line no-control-regex -- as above, less tab (U+0009), line feed (U+000A) and CR (U+000D)
const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/;

/** The check of a one-line text field: no control characters, no line breaks or tabs either. */
export const oneLineCheck = () => z.regex(ONE_LINE, 'Use one line of text without control characters');

/** The check of a multi-line text field: line breaks and tabs are fine, other control characters are not. */
export const multiLineCheck = () => z.regex(MULTI_LINE, 'Remove the control characters from this text');

/**
 * A one-line text a person typed (a name, a code, a search), trimmed and then checked: start every such field
 * here (`lineText().min(1, 'Name cannot be empty')`), so that none stores what nobody typed.
 */
export const lineText = (params?: Parameters<typeof z.string>[0]) => z.string(params).trim().check(oneLineCheck());

/** A multi-line text a person typed (a note, a description, an address), trimmed and then checked. */
export const multiLineText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).trim().check(multiLineCheck());

/** An optional text (an English name, a dish's English description): empty (or null) clears it, stored as null. */
export const clearedWhenEmpty = (text: z.ZodString) =>
  text
    .transform((value) => value || null)
    .nullable()
    .optional();
