import type { ProviderContext } from 'notistack';
import { describeApiError, getApiStatus } from '../../../lib/api-client';

/**
 * How a dialog that changes a tab answers a refusal. A 409 means the order, or the other table, changed
 * since the dialog opened: the dialog closes with the server's sentence, and the lists (refetched by the
 * call) show the latest. Anything else stays in the dialog for the person to correct.
 */
export function reportTabRefusal(
  caught: unknown,
  fallback: string,
  dialog: {
    enqueueSnackbar: ProviderContext['enqueueSnackbar'];
    onClose: () => void;
    setError: (message: string) => void;
  },
): void {
  const message = describeApiError(caught, fallback);
  if (getApiStatus(caught) === 409) {
    dialog.enqueueSnackbar(message, { variant: 'error' });
    dialog.onClose();
  } else {
    dialog.setError(message);
  }
}
