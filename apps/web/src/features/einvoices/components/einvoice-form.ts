import { z } from 'zod';
import {
  updateEinvoiceSettingsBodySchema,
  viettelAddresses,
  type EinvoiceProvider,
  type EinvoiceSettings,
} from '@quan/contract/einvoice';

/** The settings form as its inputs hold them: the password empty unless a new one is typed. */
export interface EinvoiceFormValues {
  provider: EinvoiceProvider;
  signInUrl: string;
  apiUrl: string;
  username: string;
  password: string;
  sellerTaxCode: string;
  templateCode: string;
  invoiceSeries: string;
  enabled: boolean;
}

export const einvoiceFormFields = [
  'provider',
  'signInUrl',
  'apiUrl',
  'username',
  'password',
  'sellerTaxCode',
  'templateCode',
  'invoiceSeries',
  'enabled',
] as const satisfies readonly (keyof EinvoiceFormValues)[];

/**
 * Checked by the contract's own schema, so every sentence the form shows is the one the server would answer; an
 * empty password means "keep the saved one", which the server refuses itself when none is saved yet.
 */
export const einvoiceFormSchema = z
  .custom<EinvoiceFormValues>()
  .transform((values): z.input<typeof updateEinvoiceSettingsBodySchema> => values)
  .pipe(updateEinvoiceSettingsBodySchema);

/** A branch without settings starts with Viettel's own addresses, switched off. */
export function einvoiceFormValues(settings: EinvoiceSettings | null): EinvoiceFormValues {
  return {
    provider: settings?.provider ?? 'viettel',
    signInUrl: settings?.signInUrl ?? viettelAddresses.signInUrl,
    apiUrl: settings?.apiUrl ?? viettelAddresses.apiUrl,
    username: settings?.username ?? '',
    password: '',
    sellerTaxCode: settings?.sellerTaxCode ?? '',
    templateCode: settings?.templateCode ?? '',
    invoiceSeries: settings?.invoiceSeries ?? '',
    enabled: settings?.enabled ?? false,
  };
}
