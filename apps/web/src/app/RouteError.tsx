import { useRouteError } from 'react-router';

/** Last resort for a page that failed to load or render, e.g. code that changed after a deploy. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-stone-50 px-4 text-center">
      <h1 className="text-2xl font-bold text-stone-900">Something went wrong</h1>
      <p className="max-w-md text-stone-700">This page could not be shown. Reloading usually fixes it.</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </main>
  );
}
