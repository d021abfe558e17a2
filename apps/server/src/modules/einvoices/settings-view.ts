import { einvoiceSettingsSchema, type EinvoiceSettings } from '@quan/contract/einvoice';
import type { EinvoiceSettingsRow } from './settings-repository';

/** The settings as every call returns them: whether a password is saved, never the password. */
export function toEinvoiceSettings(row: EinvoiceSettingsRow): EinvoiceSettings {
  // The schema is an object schema: the row's password and branch are dropped, not passed on.
  return einvoiceSettingsSchema.parse({ ...row, hasPassword: row.password !== '' });
}
