import type { Ingredient, IngredientHistory } from '@quan/contract/ingredient';
import { Dialog } from '../../../components/Dialog';
import { describeApiError } from '../../../lib/api-client';
import { formatQuantity, formatQuantityChange } from '../../../lib/format';
import { formatDateTime } from '../../../lib/date-format';
import { useT } from '../../../lib/i18n';
import { useIngredientHistory } from '../api/list-ingredient-history';
import { reasonMessages } from './ingredient-display';

interface IngredientHistoryDialogProps {
  ingredient: Ingredient;
  onClose: () => void;
}

/** What moved the stock and who: the row's note, or the order that used or returned it. */
function details(row: IngredientHistory, t: ReturnType<typeof useT>) {
  const order = row.orderNo !== null ? t('ingredients.history.order', { orderNo: row.orderNo }) : null;
  if (!order && !row.note) return <span className="text-stone-600">—</span>;
  return (
    <>
      {order && <span className="block font-medium text-stone-900">{order}</span>}
      {row.note && <span className="block text-stone-600">{row.note}</span>}
    </>
  );
}

/** Every change of one ingredient's stock, newest first. */
export function IngredientHistoryDialog({ ingredient, onClose }: IngredientHistoryDialogProps) {
  const t = useT();
  const history = useIngredientHistory(ingredient._id);

  function renderContent() {
    if (history.isPending) {
      return (
        <p role="status" className="text-sm text-stone-600">
          {t('ingredients.history.loading')}
        </p>
      );
    }
    if (history.isError) {
      return (
        <div role="alert" className="space-y-2">
          <p className="text-sm text-stone-800">
            {describeApiError(history.error, t('ingredients.history.loadFailed', { name: ingredient.name }))}
          </p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void history.refetch()}>
            {t('ingredients.tryAgain')}
          </button>
        </div>
      );
    }
    if (history.data.length === 0) {
      return <p className="text-sm text-stone-600">{t('ingredients.history.empty')}</p>;
    }
    return (
      <div className="-mx-6 overflow-x-auto px-6">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">{t('ingredients.history.caption', { name: ingredient.name })}</caption>
          <thead className="border-b border-stone-200 text-xs tracking-wide text-stone-600 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t('ingredients.history.when')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                {t('ingredients.history.change')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                {t('ingredients.history.after')}
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t('ingredients.history.reason')}
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t('ingredients.history.by')}
              </th>
              <th scope="col" className="py-2 font-semibold">
                {t('ingredients.history.details')}
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
                <td className="py-2 pr-3 text-stone-900">{t(reasonMessages[row.reason])}</td>
                <td className="py-2 pr-3 text-stone-700">{row.user?.name ?? '—'}</td>
                <td className="py-2">{details(row, t)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <Dialog title={t('ingredients.history.title', { name: ingredient.name })} onClose={onClose} className="max-w-3xl">
      {renderContent()}
    </Dialog>
  );
}
