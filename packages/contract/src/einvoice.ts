import { z } from 'zod';
import { taxCodeSchema } from './tax-code';
import { lineText, oneLineCheck } from './text-fields';

/**
 * E-invoices generated from the cash register (hóa đơn điện tử khởi tạo từ máy tính tiền): each branch issues
 * them through its provider's account, under its own tax code, template and series.
 *
 * An invoice is identified by two codes that providers ask for separately:
 * - the template code, which Viettel S-Invoice writes as the form number, a slash and the number of the
 *   seller's template with that form: "1/001" is the seller's first VAT-invoice template. A restaurant issues
 *   form 1 (VAT invoice, for a seller that deducts VAT) or form 2 (sales invoice, for one that pays VAT as a share
 *   of its revenue);
 * - the series (ký hiệu), 6 characters: C (the invoice carries the tax authority's code) or K (it does not), the
 *   last two digits of the year, a letter for the kind of invoice (M: generated from a cash register) and two the
 *   seller chooses, e.g. "C25MAA". Printed invoices put the form number in front of it ("1C25MAA").
 */

/** The providers an invoice can go through; each has its adapter on the server. */
export const einvoiceProviders = ['viettel'] as const;
export const einvoiceProviderSchema = z.enum(einvoiceProviders, 'Choose an e-invoice provider from the list');
export type EinvoiceProvider = (typeof einvoiceProviders)[number];

/** Where Viettel S-Invoice signs in and takes its calls, as its public clients reach it. */
export const viettelAddresses = {
  signInUrl: 'https://api-vinvoice.viettel.vn/auth/login',
  apiUrl: 'https://api-vinvoice.viettel.vn/services/einvoiceapplication/api/',
} as const;

export const templateCodeSchema = lineText().regex(
  /^[12]\/\d{3,6}$/,
  'A template code is the form number 1 (VAT invoice) or 2 (sales invoice), a slash and your template number, like 1/001',
);

const SERIES = /^[CK]\d{2}[A-Z][A-Z0-9]{2}$/;
const SERIES_WITH_FORM_NUMBER = /^[1-9][CK]\d{2}[A-Z][A-Z0-9]{2}$/;

/**
 * A cash register's series: M as its fourth character, and C first, since invoices generated from a cash register
 * carry the tax authority's code. Typed in any case, kept in capitals. Its year is not checked against today's:
 * Viettel files each invoice under its issue year's digits whatever year the series names.
 */
export const invoiceSeriesSchema = lineText()
  .toUpperCase()
  .superRefine((series, context) => {
    if (SERIES_WITH_FORM_NUMBER.test(series)) {
      context.addIssue({
        code: 'custom',
        message: 'Enter the series without the form number in front: C25MAA, not 1C25MAA',
      });
    } else if (!SERIES.test(series)) {
      context.addIssue({
        code: 'custom',
        message: 'An invoice series has 6 characters: C, the last two digits of the year, M and two more, like C25MAA',
      });
    } else if (series[3] !== 'M') {
      context.addIssue({
        code: 'custom',
        message: "A cash register's series has M as its fourth character, like C25MAA",
      });
    } else if (series[0] !== 'C') {
      context.addIssue({
        code: 'custom',
        message: "A cash register's invoices carry the tax authority's code: the series starts with C, like C25MAA",
      });
    }
  });

const webAddress = z.url({ protocol: /^https?$/ });
/** The scheme and the authority (user, host and port) as typed, before any normalising. */
const SCHEME_AND_AUTHORITY = /^(https?):\/\/([^/?#]*)/i;

/**
 * An address the server calls with the branch's credentials: https, or plain http to this machine only (the
 * provider's stand-in for tests and the demo), never with a user name or password inside it. Read as typed, so a
 * loopback host written any other way ("127.1", "0x7f.0.0.1") is not one.
 */
export function isProviderAddress(text: string): boolean {
  if (!webAddress.safeParse(text).success) return false;
  const [, scheme = '', authority = ''] = SCHEME_AND_AUTHORITY.exec(text) ?? [];
  if (authority.includes('@')) return false;
  if (scheme.toLowerCase() === 'https') return true;
  const host = authority.replace(/:\d+$/, '').toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

const providerAddressSchema = lineText()
  .max(500, 'An address can be at most 500 characters')
  .refine(isProviderAddress, 'Enter an https address, like https://api-vinvoice.viettel.vn/auth/login');

/**
 * A branch's e-invoice settings as every call returns them: the password is stored and used, never shown; only
 * whether one is saved. An object schema, so a stored row given whole loses its password in the response.
 */
export const einvoiceSettingsSchema = z.object({
  provider: einvoiceProviderSchema,
  signInUrl: z.string(),
  apiUrl: z.string(),
  username: z.string(),
  hasPassword: z.boolean(),
  sellerTaxCode: z.string(),
  templateCode: z.string(),
  invoiceSeries: z.string(),
  /** Whether completed orders are invoiced by themselves. */
  enabled: z.boolean(),
});
export type EinvoiceSettings = z.infer<typeof einvoiceSettingsSchema>;

/** Saving a branch's settings: all of them, but the password only when it changes (empty or left out keeps it). */
export const updateEinvoiceSettingsBodySchema = z.strictObject({
  provider: einvoiceProviderSchema,
  signInUrl: providerAddressSchema,
  apiUrl: providerAddressSchema,
  username: lineText()
    .min(1, 'Enter the user name the provider gave you')
    .max(100, 'The user name can be at most 100 characters'),
  password: z
    .string()
    .check(oneLineCheck())
    .max(200, 'The password can be at most 200 characters')
    .transform((password) => password || undefined)
    .optional(),
  sellerTaxCode: taxCodeSchema,
  templateCode: templateCodeSchema,
  invoiceSeries: invoiceSeriesSchema,
  enabled: z.boolean('Say whether invoices are issued'),
});
export type UpdateEinvoiceSettingsBody = z.infer<typeof updateEinvoiceSettingsBodySchema>;

/** A guest who wants no company invoice: the sale is still invoiced, to a buyer who takes no invoice. */
export const walkInBuyerSchema = z.strictObject({ kind: z.literal('walk-in') });

/** A guest who asks for an invoice in their company's (or household business's) name, on the payment dialog. */
export const companyBuyerSchema = z.strictObject({
  kind: z.literal('company'),
  name: lineText()
    .min(1, "Enter the company's name as registered for tax")
    .max(400, "A company's name can be at most 400 characters"),
  taxCode: taxCodeSchema,
  address: lineText()
    .min(1, "Enter the company's address for the invoice")
    .max(300, 'Address can be at most 300 characters'),
  /** Where the provider sends the invoice; without one the guest looks it up with the receipt's code. */
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.union([z.literal(''), z.email('Enter a valid email address').max(254, 'Email is too long')]))
    .transform((email) => email || null)
    .optional(),
});

export const invoiceBuyerSchema = z.discriminatedUnion('kind', [walkInBuyerSchema, companyBuyerSchema], {
  error: 'Choose a walk-in guest or a company invoice',
});
export type InvoiceBuyer = z.infer<typeof invoiceBuyerSchema>;
