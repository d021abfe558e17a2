import { z } from 'zod';
import { DEFAULT_PRINTER_PORT } from '@quan/contract/printer-address';
import {
  createPrinterBodySchema,
  type CreatePrinterBody,
  type Printer,
  type PrinterCodepage,
  type PrinterMode,
  type UpdatePrinterBody,
} from '@quan/contract/printers';

/**
 * The printer form as its inputs hold it: radios and selects hold text ("80", "" for no fallback), number inputs
 * hold NaN while empty.
 */
export interface PrinterFormValues {
  name: string;
  host: string;
  port: number;
  paperWidth: '80' | '58';
  mode: PrinterMode;
  /** "" while the printer prints raster. */
  codepage: PrinterCodepage | '';
  stationIds: string[];
  printsBills: boolean;
  printsReceipts: boolean;
  printsZReports: boolean;
  hasDrawer: boolean;
  /** "": no fallback. */
  fallbackPrinterId: string;
  fallbackAfterSeconds: number;
  /** "": the server connects to the printer itself. */
  bridgeId: string;
}

const defaultFallbackAfterSeconds = 60;

export const printerFormFields = [
  'name',
  'host',
  'port',
  'paperWidth',
  'mode',
  'codepage',
  'stationIds',
  'printsBills',
  'printsReceipts',
  'printsZReports',
  'hasDrawer',
  'fallbackPrinterId',
  'fallbackAfterSeconds',
  'bridgeId',
] as const satisfies readonly (keyof PrinterFormValues)[];

/**
 * What the form sends: a raster printer keeps no code page; without a fallback the wait is hidden, and one left
 * emptied there goes back to the usual minute rather than block the form with an error nobody sees.
 */
function bodyOf(values: PrinterFormValues): z.input<typeof createPrinterBodySchema> {
  const hasFallback = values.fallbackPrinterId !== '';
  return {
    ...values,
    paperWidth: values.paperWidth === '58' ? 58 : 80,
    codepage: values.mode === 'text' && values.codepage !== '' ? values.codepage : null,
    fallbackPrinterId: hasFallback ? values.fallbackPrinterId : null,
    bridgeId: values.bridgeId === '' ? null : values.bridgeId,
    fallbackAfterSeconds:
      hasFallback || Number.isInteger(values.fallbackAfterSeconds)
        ? values.fallbackAfterSeconds
        : defaultFallbackAfterSeconds,
  };
}

/**
 * The form's values made into the body the API takes, then checked by the contract's own schema: every sentence the
 * form shows is the one the server would answer, under the field of the same name.
 */
export const printerFormSchema = z.custom<PrinterFormValues>().transform(bodyOf).pipe(createPrinterBodySchema);

/**
 * Only what the form shows, so that saving it never touches what it does not (an edit sent with the create schema's
 * defaults for the rest would reset them); the bridge only when it was changed, since a printer may still name one
 * revoked since, which the server would refuse to be given again.
 */
export function editedFieldsOf(body: CreatePrinterBody, printer: Pick<Printer, 'bridgeId'>): UpdatePrinterBody {
  const fields =
    body.bridgeId === printer.bridgeId ? printerFormFields.filter((field) => field !== 'bridgeId') : printerFormFields;
  return Object.fromEntries(fields.map((field) => [field, body[field]]));
}

/** A new printer starts as most counters have it: 80 mm paper, raster, the usual port, a minute before the fallback. */
export function printerFormValues(printer: Printer | undefined): PrinterFormValues {
  return {
    name: printer?.name ?? '',
    host: printer?.host ?? '',
    port: printer?.port ?? DEFAULT_PRINTER_PORT,
    paperWidth: printer?.paperWidth === 58 ? '58' : '80',
    mode: printer?.mode ?? 'raster',
    codepage: printer?.codepage ?? '',
    stationIds: printer?.stationIds ?? [],
    printsBills: printer?.printsBills ?? false,
    printsReceipts: printer?.printsReceipts ?? false,
    printsZReports: printer?.printsZReports ?? false,
    hasDrawer: printer?.hasDrawer ?? false,
    fallbackPrinterId: printer?.fallbackPrinterId ?? '',
    fallbackAfterSeconds: printer?.fallbackAfterSeconds ?? defaultFallbackAfterSeconds,
    bridgeId: printer?.bridgeId ?? '',
  };
}
