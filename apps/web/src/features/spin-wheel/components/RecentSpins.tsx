import { NO_PRIZE_LABEL } from '@quan/contract/spin-wheel';
import { describeApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useRecentSpins } from '../api/list-spins';

/** The latest spins, newest first: when, for whom, what came out, the code issued and who spun. */
export function RecentSpins() {
  const spins = useRecentSpins();

  function renderContent() {
    if (spins.isPending) {
      return (
        <p role="status" className="text-sm text-stone-600">
          Loading the recent spins…
        </p>
      );
    }
    if (spins.isError) {
      return (
        <div role="alert" className="space-y-2">
          <p className="text-sm text-stone-800">{describeApiError(spins.error, 'Could not load the recent spins.')}</p>
          <button type="button" className="btn btn-sm btn-secondary" onClick={() => void spins.refetch()}>
            Try again
          </button>
        </div>
      );
    }
    if (spins.data.length === 0) {
      return <p className="text-sm text-stone-600">No spins yet.</p>;
    }
    return (
      <div className="-mx-4 overflow-x-auto px-4 sm:-mx-6 sm:px-6">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">The latest spins, newest first</caption>
          <thead className="border-b border-stone-200 text-xs tracking-wide text-stone-600 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-3 font-semibold">
                When
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Customer
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Prize
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Code
              </th>
              <th scope="col" className="py-2 font-semibold">
                By
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {spins.data.map((spin) => (
              <tr key={spin._id}>
                <td className="py-2 pr-3 whitespace-nowrap text-stone-700">
                  <time dateTime={spin.createdAt}>{formatDateTime(spin.createdAt)}</time>
                </td>
                <td className="py-2 pr-3 font-medium text-stone-900">{spin.customer?.name ?? 'Deleted customer'}</td>
                <td className={`py-2 pr-3 ${spin.label === NO_PRIZE_LABEL ? 'text-stone-500' : 'text-stone-900'}`}>
                  {spin.label}
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
        Recent spins
      </h2>
      {renderContent()}
    </section>
  );
}
