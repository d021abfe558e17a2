import { NO_PRIZE_LABEL } from '@quan/contract/spin-wheel';
import { describeApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/date-format';
import { useT } from '../../../lib/i18n';
import { useRecentSpins } from '../api/list-spins';
import { prizeLabel } from './prize-text';

/** The latest spins, newest first: when, for whom, what came out, the code issued and who spun. */
export function RecentSpins() {
  const t = useT();
  const spins = useRecentSpins();

  function renderContent() {
    if (spins.isPending) {
      return (
        <p role="status" className="text-sm text-stone-600">
          {t('spin-wheel.recent.loading')}
        </p>
      );
    }
    if (spins.isError) {
      return (
        <div role="alert" className="space-y-2">
          <p className="text-sm text-stone-800">{describeApiError(spins.error, t('spin-wheel.recent.loadError'))}</p>
          <button type="button" className="btn btn-sm btn-secondary" onClick={() => void spins.refetch()}>
            {t('spin-wheel.tryAgain')}
          </button>
        </div>
      );
    }
    if (spins.data.length === 0) {
      return <p className="text-sm text-stone-600">{t('spin-wheel.recent.none')}</p>;
    }
    return (
      <div className="-mx-4 overflow-x-auto px-4 sm:-mx-6 sm:px-6">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">{t('spin-wheel.recent.caption')}</caption>
          <thead className="border-b border-stone-200 text-xs tracking-wide text-stone-600 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t('spin-wheel.recent.when')}
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t('spin-wheel.recent.customer')}
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t('spin-wheel.recent.prize')}
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t('spin-wheel.recent.code')}
              </th>
              <th scope="col" className="py-2 font-semibold">
                {t('spin-wheel.recent.by')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {spins.data.map((spin) => (
              <tr key={spin._id}>
                <td className="py-2 pr-3 whitespace-nowrap text-stone-700">
                  <time dateTime={spin.createdAt}>{formatDateTime(spin.createdAt)}</time>
                </td>
                <td className="py-2 pr-3 font-medium text-stone-900">
                  {spin.customer?.name ?? t('spin-wheel.recent.deletedCustomer')}
                </td>
                <td className={`py-2 pr-3 ${spin.label === NO_PRIZE_LABEL ? 'text-stone-500' : 'text-stone-900'}`}>
                  {prizeLabel(spin.label, t)}
                </td>
                <td className="py-2 pr-3 font-mono text-stone-900">{spin.couponCode ?? '—'}</td>
                <td className="py-2 text-stone-700">{spin.spunBy?.name ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section aria-labelledby="recent-spins-title" className="card space-y-3 p-4 sm:p-6">
      <h2 id="recent-spins-title" className="text-lg font-semibold text-stone-900">
        {t('spin-wheel.recent.heading')}
      </h2>
      {renderContent()}
    </section>
  );
}
