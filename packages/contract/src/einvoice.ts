import { z } from 'zod';
import { taxCodeSchema } from './tax-code';
import { isoDateTimeSchema } from './common';
import { lineText, oneLineCheck } from './text-fields';
import { taxPartSchema, vatRateSchema } from './vat';

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

/**
 * Where an order's invoice stands: `waiting` to be issued (or issued again after a failure that may pass),
 * `issued`, `failed` (the provider refused it; a person sees its message and tries again), `cancelling` (a full
 * refund asked for its cancellation), `cancelled`.
 */
export const einvoiceStatuses = ['waiting', 'issued', 'failed', 'cancelling', 'cancelled'] as const;
export type EinvoiceStatus = (typeof einvoiceStatuses)[number];

/** Where a guest looks an invoice up with the receipt's lookup code, by provider; the receipt prints it. */
export const einvoiceLookupPages: Record<EinvoiceProvider, string> = {
  viettel: 'https://vinvoice.viettel.vn/utilities/invoice-search',
};

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
    // A screen that checked the buyer with this schema sends what it answered: no e-mail is then null.
    .nullable()
    .optional(),
});

export const invoiceBuyerSchema = z.discriminatedUnion('kind', [walkInBuyerSchema, companyBuyerSchema], {
  error: 'Choose a walk-in guest or a company invoice',
});
export type InvoiceBuyer = z.infer<typeof invoiceBuyerSchema>;
export type CompanyInvoiceBuyer = z.infer<typeof companyBuyerSchema>;

/** PUT /api/order/{id}/invoice-buyer: who the invoice is for, until it is issued. */
export const invoiceBuyerBodySchema = z.strictObject({ buyer: invoiceBuyerSchema });
export type InvoiceBuyerBody = z.infer<typeof invoiceBuyerBodySchema>;

/**
 * A company buyer as an order and its invoice keep it, in responses: `CompanyInvoiceBuyer`, what `companyBuyerSchema`
 * made of what was typed, and its only output schema. Not that schema itself: a response is encoded, and its
 * e-mail's transform runs one way only; its checks were passed when the buyer was stored.
 */
export const companyInvoiceBuyerSchema = z.object({
  kind: z.literal('company'),
  name: z.string(),
  taxCode: z.string(),
  address: z.string(),
  email: z.string().nullable().optional(),
}) satisfies z.ZodType<CompanyInvoiceBuyer, CompanyInvoiceBuyer>;

/** An order's sale invoice, as the order screens and the receipt show it; null on an order when none is due. */
export const orderInvoiceSchema = z.object({
  status: z.enum(einvoiceStatuses),
  /** null: a walk-in buyer. */
  buyer: companyInvoiceBuyerSchema.nullable(),
  /** "1C25MAA12" once issued. */
  invoiceNumber: z.string().nullable(),
  /** The code a guest types on `lookupUrl` to see the invoice. */
  lookupCode: z.string().nullable(),
  lookupUrl: z.string().nullable(),
  /** The provider's own message of the last failure. */
  error: z.string().nullable(),
  issuedAt: isoDateTimeSchema.nullable(),
  /** The reductions of this invoice that partial refunds queued, oldest first (none: left out or empty). */
  adjustments: z
    .array(
      z.object({
        status: z.enum(einvoiceStatuses),
        /** The adjustment invoice's own number, once issued. */
        invoiceNumber: z.string().nullable(),
        /** What it takes back, VAT included. */
        amount: z.int(),
        error: z.string().nullable(),
      }),
    )
    .optional(),
});
export type OrderInvoice = z.infer<typeof orderInvoiceSchema>;

/** A branch's local calendar day ('YYYY-MM-DD'): the day's reconciliation reads the orders completed on it. */
const reconciliationDaySchema = z.iso.date('Give the day as YYYY-MM-DD');

/** GET /api/einvoices/reconciliation?date=YYYY-MM-DD */
export const einvoiceReconciliationQuerySchema = z.object({ date: reconciliationDaySchema });
export type EinvoiceReconciliationQuery = z.infer<typeof einvoiceReconciliationQuerySchema>;

/**
 * Why an order of the day needs a person: no sale invoice was ever queued for it though it was not refunded in full
 * (`missing`), the provider refused it or a partial refund's adjustment (`failed`), it or its adjustment has waited
 * more than `RECONCILIATION_LATE_MINUTES` (`late`: the provider is unreachable, or no instance issues invoices), or
 * its invoice was cancelled while the order still stands (`cancelled`: not refunded in full).
 */
export const reconciliationFlags = ['missing', 'failed', 'late', 'cancelled'] as const;
export type ReconciliationFlag = (typeof reconciliationFlags)[number];

/** How long an invoice may wait before the day's reconciliation calls it late. */
export const RECONCILIATION_LATE_MINUTES = 10;

/** One rate's taxable amount and tax. */
const rateAmountsSchema = z.object({ taxable: z.int(), tax: z.int() });

/** An order completed on the day, its taxes by rate, and its sale invoice (null: none was queued). */
const reconciliationOrderSchema = z.object({
  orderId: z.string(),
  orderNo: z.int(),
  completedAt: isoDateTimeSchema,
  total: z.int(),
  taxes: z.array(taxPartSchema),
  invoice: z
    .object({
      status: z.enum(einvoiceStatuses),
      invoiceNumber: z.string().nullable(),
      error: z.string().nullable(),
      createdAt: isoDateTimeSchema,
    })
    .nullable(),
  /** null: nothing to do about it. */
  flag: z.enum(reconciliationFlags).nullable(),
});
export type ReconciliationOrder = z.infer<typeof reconciliationOrderSchema>;

/**
 * One VAT rate of the day: what the completed orders charged less what refunds gave back (`revenue`; an order
 * refunded in full adds nothing), what their standing sale invoices declare less their issued adjustments
 * (`invoiced`; a cancelled invoice declares nothing), and `difference` = revenue − invoiced, zero when they agree.
 */
const reconciliationRateSchema = z.object({
  vatRate: vatRateSchema,
  revenue: rateAmountsSchema,
  invoiced: rateAmountsSchema,
  difference: rateAmountsSchema,
});
export type ReconciliationRate = z.infer<typeof reconciliationRateSchema>;

/** GET /api/einvoices/reconciliation: a branch's day of sales beside its e-invoices. */
export const einvoiceReconciliationSchema = z.object({
  date: z.string(),
  /** Whether the branch issues invoices by itself now; off, every order of the day that stands is `missing`. */
  enabled: z.boolean(),
  /** Rates in the order bills list them; only those the day's orders or invoices carry. */
  rates: z.array(reconciliationRateSchema),
  /** Oldest first. */
  orders: z.array(reconciliationOrderSchema),
  /** How many orders carry a flag. */
  flaggedCount: z.int(),
});
export type EinvoiceReconciliation = z.infer<typeof einvoiceReconciliationSchema>;

/** POST /api/einvoices/send-missing: queues the day's missing sale invoices and lets its failed ones try again. */
export const sendMissingInvoicesBodySchema = z.strictObject({ date: reconciliationDaySchema });
export type SendMissingInvoicesBody = z.infer<typeof sendMissingInvoicesBodySchema>;

export const sentMissingInvoicesSchema = z.object({
  /** Sale invoices queued for orders that had none. */
  queued: z.int(),
  /** Failed invoices (sales, cancellations, adjustments) set waiting again. */
  retried: z.int(),
});
export type SentMissingInvoices = z.infer<typeof sentMissingInvoicesSchema>;

/** GET /api/einvoices: the branch's invoices in one state, oldest first; `failed` is the list that needs a person. */
export const listEinvoicesQuerySchema = z.object({
  status: z.enum(einvoiceStatuses, 'Choose a status from the list').default('failed'),
});
export type ListEinvoicesQuery = z.infer<typeof listEinvoicesQuerySchema>;

const einvoiceListItemSchema = z.object({
  orderId: z.string(),
  orderNo: z.int32(),
  kind: z.enum(['sale', 'adjustment']),
  status: z.enum(einvoiceStatuses),
  /** The provider's own message of the last failure. */
  error: z.string().nullable(),
  attempts: z.int32(),
  createdAt: isoDateTimeSchema,
});
export type EinvoiceListItem = z.infer<typeof einvoiceListItemSchema>;
export const einvoiceListSchema = z.object({ items: z.array(einvoiceListItemSchema) });
export type EinvoiceList = z.infer<typeof einvoiceListSchema>;
