import { i18n } from '@lingui/core';

/**
 * A validation sentence of the contract ("Name cannot be empty"), from a form's own check or a 400 answer's field
 * errors, in the active language. The `validation` catalogue is keyed by the English sentence itself, as gettext
 * keys its messages; a sentence it does not know is shown as written. (Staff screens only: a diner's page does
 * not load the catalogue.)
 */
export function translateValidationMessage(message: string): string {
  return i18n.locale !== 'en' && message in i18n.messages ? i18n._(message) : message;
}
