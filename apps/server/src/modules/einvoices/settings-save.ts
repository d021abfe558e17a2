import type { EinvoiceSettings, UpdateEinvoiceSettingsBody } from '@quan/contract/einvoice';
import type { Transact } from '../../events/transact';
import { badRequest } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import type { AuditService } from '../audit/service';
import { lockEinvoiceSettings, saveEinvoiceSettingsRow } from './settings-repository';
import { toEinvoiceSettings } from './settings-view';

const passwordMissing = (why: string) =>
  badRequest(`Enter the password of the e-invoice account: ${why}`, [
    { path: 'password', message: 'Enter the password the provider gave you' },
  ]).because('EINVOICE_PASSWORD_REQUIRED');

/**
 * Whether the saved password may go with these settings: only to the addresses, and for the user name, it was
 * typed for. Otherwise a change of address would send the stored password to the new host, unseen by whoever
 * typed it.
 */
const keepsAccount = (
  current: { signInUrl: string; apiUrl: string; username: string },
  fields: { signInUrl: string; apiUrl: string; username: string },
) => current.signInUrl === fields.signInUrl && current.apiUrl === fields.apiUrl && current.username === fields.username;

/**
 * PUT /api/einvoice-settings: the admin's branch's account at its provider. A save without a password keeps the
 * one stored, so that the page never has to show it, as long as the addresses and the user name stay the same;
 * the first save has none to keep. The audit trail keeps every field but the password, and whether it changed.
 */
export async function saveEinvoiceSettings(
  deps: { transact: Transact; audit: AuditService },
  actor: AuthUser,
  { password, ...fields }: UpdateEinvoiceSettingsBody,
): Promise<EinvoiceSettings> {
  const { branchId } = actor;
  return deps.transact(async (tx, record) => {
    const current = await lockEinvoiceSettings(tx, branchId);
    if (password === undefined && !current) throw passwordMissing('none is saved yet');
    if (password === undefined && current && !keepsAccount(current, fields)) {
      throw passwordMissing('the saved one is not sent to another address or user name');
    }
    const kept = password ?? current!.password;
    const saved = await saveEinvoiceSettingsRow(tx, { branchId, ...fields, password: kept });
    await deps.audit.record(tx, {
      kind: 'einvoice',
      branchId,
      orderId: null,
      actorId: actor.id,
      approvedById: null,
      summary:
        `E-invoices ${fields.enabled ? 'on' : 'off'}: ${fields.provider} account ${fields.username}, ` +
        `tax code ${fields.sellerTaxCode}, template ${fields.templateCode}, series ${fields.invoiceSeries}` +
        (password === undefined ? '' : ', password changed'),
      details: { action: 'settings', ...fields, passwordChanged: password !== undefined },
    });
    // Every screen's settings say whether the branch issues invoices (the payment dialog asks for a buyer).
    record({ type: 'settings.changed' });
    return toEinvoiceSettings(saved);
  });
}
