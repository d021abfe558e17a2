import { useRouteError } from 'react-router';
import { useT } from '../lib/i18n';

/** The page may fail before its words arrive: then it says so in English. */
const beforeAnyLanguage = {
  title: 'Something went wrong',
  body: 'This page could not be shown. Reloading usually fixes it.',
  reload: 'Reload the page',
};

/** Last resort for a page that failed to load or render, e.g. code that changed after a deploy. */
export function RouteError() {
  const error = useRouteError();
  const t = useT();
  console.error(error);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-stone-50 px-4 text-center">
      <h1 className="text-2xl font-bold text-stone-900">{t('common.routeError.title') || beforeAnyLanguage.title}</h1>
      <p className="max-w-md text-stone-700">{t('common.routeError.body') || beforeAnyLanguage.body}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('common.routeError.reload') || beforeAnyLanguage.reload}
      </button>
    </main>
  );
}
