import { AppError, notFound } from '../../lib/app-error';
import type { Database } from '../../db/client';
import { checkSignInFor } from './provider-for-branch';
import { loadEinvoiceSettings } from './settings-repository';

/** The provider could not be reached or answered nonsense: a 502, the provider's fault or the network's. */
export class ProviderUnreachable extends Error {
  override name = 'ProviderUnreachable';
}

/**
 * POST /api/einvoice-settings/check: signs in with the branch's saved account, so that an admin learns now, in the
 * provider's own words, what a first invoice would otherwise learn at the counter.
 */
export async function checkEinvoiceSettings(db: Database, branchId: string): Promise<void> {
  const row = await loadEinvoiceSettings(db, branchId);
  if (!row) {
    throw notFound('This branch has no e-invoice settings yet: save them first').because('EINVOICE_NOT_SET_UP');
  }
  const outcome = await checkSignInFor(row);
  if (outcome.kind === 'sign-in-refused') {
    throw new AppError('UNPROCESSABLE', outcome.message).because('EINVOICE_SIGN_IN_REFUSED', {
      message: outcome.message,
    });
  }
  if (outcome.kind === 'transport-failure') throw new ProviderUnreachable(outcome.message);
}
