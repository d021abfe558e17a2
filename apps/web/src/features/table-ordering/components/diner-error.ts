import type { useT } from '../../../lib/i18n';
import { describePublicError, PublicApiError } from '../../../lib/public-api';

type Translate = ReturnType<typeof useT>;

/**
 * A failed call in the diner's language. The client's own sentences (no answer, a server error, too many
 * requests) come from the catalogue; a refusal the server explained (a dish sold out, a limit) keeps the
 * server's words, and anything else says `fallback`.
 */
export function describeDinerError(t: Translate, error: unknown, fallback: string): string {
  if (error instanceof PublicApiError) {
    if (error.status === 0) return t('common.error.unreachable');
    if (error.status === 429) return t('common.error.tooMany');
    if (error.status >= 500) return t('common.error.server');
  }
  return describePublicError(error, fallback);
}
