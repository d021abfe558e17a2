import type { EInvoiceProvider } from './provider';
import {
  createViettelSInvoiceProvider,
  type SignInCheck,
  type ViettelSInvoiceProvider,
} from './providers/viettel-sinvoice';
import type { EinvoiceSettingsRow } from './settings-repository';

export { loadEinvoiceSettings } from './settings-repository';

/** A person waits on the settings page for a check: less than the minute an invoice's call is given. */
const CHECK_TIMEOUT_MS = 15_000;

/**
 * The series as Viettel takes it: the settings keep it as the law writes it ("C25MAA"), Viettel wants the
 * template's form number in front ("1C25MAA" under template "1/001").
 */
export function viettelSeries(templateCode: string, invoiceSeries: string): string {
  const [formNumber = ''] = templateCode.split('/');
  return `${formNumber}${invoiceSeries}`;
}

/** The Viettel adapter of a branch's stored settings; a test gives it a shorter `timeoutMs` per exchange. */
export function viettelFor(row: EinvoiceSettingsRow, timeoutMs?: number): ViettelSInvoiceProvider {
  return createViettelSInvoiceProvider({
    signInUrl: row.signInUrl,
    apiUrl: row.apiUrl,
    username: row.username,
    password: row.password,
    sellerTaxCode: row.sellerTaxCode,
    templateCode: row.templateCode,
    invoiceSeries: viettelSeries(row.templateCode, row.invoiceSeries),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
}

/** The adapter of the branch's provider, signed in with its stored account. */
export function providerFor(row: EinvoiceSettingsRow): EInvoiceProvider {
  switch (row.provider) {
    case 'viettel':
      return viettelFor(row);
  }
}

/** Signs in with the stored account and nothing more: whether the settings work, in the provider's words. */
export function checkSignInFor(row: EinvoiceSettingsRow): Promise<SignInCheck> {
  switch (row.provider) {
    case 'viettel':
      return viettelFor(row, CHECK_TIMEOUT_MS).checkSignIn();
  }
}
