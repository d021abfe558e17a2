import { useT } from '../../../lib/i18n';

/** Grey shapes where the search, the categories and the first dishes will be, while the menu loads. */
export function MenuLoading() {
  const t = useT();
  return (
    <div role="status" aria-label={t('menu.loading')} className="animate-pulse motion-reduce:animate-none">
      <div className="mb-3 h-12 rounded-lg bg-stone-200" />
      <div className="flex gap-2 py-2">
        {[0, 1, 2].map((index) => (
          <div key={index} className="h-11 w-24 rounded-full bg-stone-200" />
        ))}
      </div>
      <div className="mt-5 mb-3 h-7 w-40 rounded bg-stone-200" />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className="h-32 rounded-2xl bg-stone-200" />
        ))}
      </div>
    </div>
  );
}

export function MenuLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return (
    <div role="alert" className="mt-6 rounded-2xl border border-stone-200 bg-white p-6 text-center">
      <p className="text-stone-800">{message}</p>
      <button type="button" className="btn btn-primary mt-4 min-h-11" onClick={onRetry}>
        {t('common.tryAgain')}
      </button>
    </div>
  );
}
