import { describeApiError } from '../lib/api-client';
import { useT } from '../lib/i18n';

interface LoadErrorProps {
  error: unknown;
  /** Said when the server gave no message of its own ("Could not load the coupons."). */
  fallback: string;
  onRetry: () => void;
}

/** A page's list that could not be loaded: the server's reason (or the fallback) and "Try again". */
export function LoadError({ error, fallback, onRetry }: LoadErrorProps) {
  const t = useT();
  return (
    <div role="alert" className="card space-y-3 p-6">
      <p className="text-stone-800">{describeApiError(error, fallback)}</p>
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        {t('common.tryAgain')}
      </button>
    </div>
  );
}
