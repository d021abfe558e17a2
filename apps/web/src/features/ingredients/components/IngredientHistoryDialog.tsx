import type { Ingredient, IngredientHistory } from '@quan/contract/ingredient';
import { Dialog } from '../../../components/Dialog';
import { describeApiError } from '../../../lib/api-client';
import { formatDateTime, formatQuantity, formatQuantityChange } from '../../../lib/format';
import { useIngredientHistory } from '../api/list-ingredient-history';
import { reasonLabels } from './ingredient-display';

interface IngredientHistoryDialogProps {
  ingredient: Ingredient;
  onClose: () => void;
}

/** What moved the stock and who: the row's note, or the order that used or returned it. */
function details(row: IngredientHistory) {
  const order = row.orderNo !== null ? `Order #${row.orderNo}` : null;
  if (!order && !row.note) return <span className="text-stone-400">—</span>;
  return (
    <>
      {order && <span className="block font-medium text-stone-900">{order}</span>}
      {row.note && <span className="block text-stone-600">{row.note}</span>}
    </>
  );
}

/** Every change of one ingredient's stock, newest first. */
export function IngredientHistoryDialog({ ingredient, onClose }: IngredientHistoryDialogProps) {
  const history = useIngredientHistory(ingredient._id);

  function renderContent() {
    if (history.isPending) {
      return (
        <p role="status" className="text-sm text-stone-600">
          Loading the history…
        </p>
      );
    }
    if (history.isError) {
      return (
        <div role="alert" className="space-y-2">
          <p className="text-sm text-stone-800">
            {describeApiError(history.error, `Could not load the history of ${ingredient.name}.`)}
          </p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void history.refetch()}>
            Try again
          </button>
        </div>
      );
    }
    if (history.data.length === 0) {
      return <p className="text-sm text-stone-600">No stock changes yet.</p>;
    }
    return (
      <div className="-mx-6 overflow-x-auto px-6">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">Stock history of {ingredient.name}, newest first</caption>
          <thead className="border-b border-stone-200 text-xs tracking-wide text-stone-600 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-3 font-semibold">
                When
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                Change
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                After
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Reason
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                By
              </th>
              <th scope="col" className="py-2 font-semibold">
                Order or note
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {history.data.map((row) => (
              <tr key={row._id} className="align-top">
                <td className="py-2 pr-3 whitespace-nowrap text-stone-700">
                  <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
                </td>
                <td
                  className={`py-2 pr-3 text-right font-semibold whitespace-nowrap tabular-nums ${
                    row.change < 0 ? 'text-red-700' : 'text-green-700'
                  }`}
                >
                  {formatQuantityChange(row.change, ingredient.unit)}
                </td>
                <td className="py-2 pr-3 text-right whitespace-nowrap text-stone-900 tabular-nums">
                  {formatQuantity(row.quantityAfter, ingredient.unit)}
                </td>
                <td className="py-2 pr-3 text-stone-900">{reasonLabels[row.reason]}</td>
                <td className="py-2 pr-3 text-stone-700">{row.user?.name ?? '—'}</td>
                <td className="py-2">{details(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <Dialog title={`History of ${ingredient.name}`} onClose={onClose} className="max-w-3xl">
      {renderContent()}
    </Dialog>
  );
}
