import type { BankTransfer } from '@quan/contract/payments';
import { translateErrorCode, type Translate } from '../../../lib/i18n';

/**
 * Why a transfer paid nothing on arrival, in the screen's language: by the code the server kept with it (as
 * every refusal is said, `errors.<code>`), else the server's own sentence.
 */
export function refusalReason(t: Translate, transfer: Pick<BankTransfer, 'reason' | 'reasonCode' | 'reasonParams'>) {
  return (
    translateErrorCode(transfer.reasonCode, transfer.reasonParams ?? undefined) ??
    transfer.reason ??
    t('bankTransfers.reason.unknown')
  );
}
