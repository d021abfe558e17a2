import { changeDue, quickCashNotes } from '@quan/contract/payments';
import { MoneyField } from '../../../components/MoneyField';
import { formatMoney, parseDong } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { formatRounding } from './payment-labels';

/** "500k": how a cashier names a banknote on a button. */
const noteLabel = (note: number) => `${note / 1000}k`;

interface CashTenderProps {
  /** What the guest handed over, as typed. */
  receivedText: string;
  onReceivedTextChange: (text: string) => void;
  /** The amount being paid, null while it is not a number. */
  amount: number | null;
  tip: number;
  /** What the cash rounding adds to the amount (negative: takes off); 0 when the cash is exact. */
  rounding: number;
  /** The amount, its rounding and the tip: what the cash must cover. */
  owed: number;
  error?: string;
}

/**
 * The cash a guest hands over: typed, or added up note by note, and the change to give back (or what is still
 * short) said as soon as it is known. When all that is due is paid, the restaurant's cash rounding is said
 * first: what the guest pays in notes, and the rounding apart from the bill.
 */
export function CashTender({
  receivedText,
  onReceivedTextChange,
  amount,
  tip,
  rounding,
  owed,
  error,
}: CashTenderProps) {
  const t = useT();
  const received = parseDong(receivedText);

  const addNote = (note: number) => {
    onReceivedTextChange(String((received === null || Number.isNaN(received) ? 0 : received) + note));
  };

  const change =
    received !== null && !Number.isNaN(received) && amount !== null && received >= owed
      ? changeDue(received, amount, tip, rounding)
      : null;

  return (
    <div className="space-y-2">
      {rounding !== 0 && amount !== null && (
        <p className="text-sm text-stone-700">
          {t('orders.pay.cashRounded', {
            cash: formatMoney(amount + rounding),
            rounding: formatRounding(rounding),
          })}
        </p>
      )}
      <MoneyField label={t('orders.pay.received')} value={receivedText} onChange={onReceivedTextChange} error={error} />
      <div role="group" aria-label={t('orders.pay.notes')} className="grid grid-cols-5 gap-2">
        {quickCashNotes.map((note) => (
          <button key={note} type="button" className="btn btn-secondary min-h-11 px-2" onClick={() => addNote(note)}>
            +{noteLabel(note)}
            <span className="sr-only"> {t('orders.pay.addNote', { amount: formatMoney(note) })}</span>
          </button>
        ))}
        <button
          type="button"
          className="btn btn-secondary min-h-11 px-2"
          onClick={() => onReceivedTextChange(String(owed))}
        >
          {t('orders.pay.exact')}
        </button>
      </div>
      <p aria-live="polite" className="text-base font-semibold text-stone-900">
        {change !== null
          ? t('orders.pay.change', { amount: formatMoney(change) })
          : received !== null && !Number.isNaN(received)
            ? t('orders.pay.short', { amount: formatMoney(owed - received) })
            : ''}
      </p>
    </div>
  );
}
