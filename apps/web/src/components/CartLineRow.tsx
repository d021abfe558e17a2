import { Fragment, useId, useState, type Dispatch, type ReactNode } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { Minus, NotebookPen, Plus } from 'lucide-react';
import { describeOptions } from '@quan/contract/option-rules';
import { formatMoney, formatPriceChange } from '../lib/format';
import { useT } from '../lib/i18n';
import type { CartLine } from '../store/cart-lines';
import { addItem, removeItem, setItemNote } from '../store/cart-slice';

const maxNoteLength = 200;

interface CartLineRowProps {
  line: CartLine;
  /** Whether one more unit fits the cart's limits (and the dish is still offered). */
  canAddOne: boolean;
  /** The POS passes the store's dispatch; the table page its own cart reducer's. */
  dispatch: Dispatch<UnknownAction>;
  /** A warning under the dish, e.g. that it sold out since it was added. */
  notice?: ReactNode;
}

function NoteEditor({
  line,
  label,
  dispatch,
  onDone,
}: Pick<CartLineRowProps, 'line' | 'dispatch'> & { label: string; onDone: () => void }) {
  const t = useT();
  const inputId = useId();
  const [note, setNote] = useState(line.note);
  return (
    <form
      className="mt-2 flex gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        dispatch(setItemNote({ ids: line.entryIds, note: note.slice(0, maxNoteLength) }));
        onDone();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        {t('cart.noteFor', { label })}
      </label>
      <input
        id={inputId}
        value={note}
        maxLength={maxNoteLength}
        autoFocus
        placeholder={t('cart.note.placeholder')}
        onChange={(event) => setNote(event.target.value)}
        className="field-input"
      />
      <button type="submit" className="btn btn-secondary min-h-11 shrink-0">
        {t('cart.note.save')}
      </button>
    </form>
  );
}

/**
 * A line's options with what each changes in a portion's price: "Lớn +10.000 ₫ · không hành". The changes
 * explain a portion dearer (or cheaper) than the menu's price.
 */
function PricedOptions({ options }: { options: CartLine['options'] }) {
  return (
    <p className="text-sm font-medium text-stone-700">
      {options.map((option, index) => {
        const change = formatPriceChange(option.priceDelta);
        return (
          <Fragment key={option.id}>
            {index > 0 && ' · '}
            {option.name}
            {change && (
              <>
                {' '}
                <span className="text-amber-900 tabular-nums">{change}</span>
              </>
            )}
          </Fragment>
        );
      })}
    </p>
  );
}

/**
 * One line of a cart (same dish, options and note): the dish in bold as on tickets and receipts, its options
 * with their price changes, then how many at what price (lighter, so the two lines do not read as one). − removes
 * the newest unit, + adds one with the same options, and its note.
 */
export function CartLineRow({ line, canAddOne, dispatch, notice }: CartLineRowProps) {
  const t = useT();
  const [isEditingNote, setIsEditingNote] = useState(false);
  const newestEntryId = line.entryIds[line.entryIds.length - 1];
  const optionsText = describeOptions(line.options);
  // Two lines of one dish differ by their options: the buttons say which one they change.
  const label = optionsText ? `${line.name} (${optionsText})` : line.name;

  return (
    <li className="py-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-bold text-stone-900">{line.name}</p>
          {line.options.length > 0 && <PricedOptions options={line.options} />}
          <p className="mt-0.5 text-sm text-stone-500 tabular-nums">
            {line.quantity} × {formatMoney(line.unitPrice)}
          </p>
          {line.note && !isEditingNote && (
            <p className="text-sm text-amber-900 italic">{t('cart.note.shown', { note: line.note })}</p>
          )}
          {notice}
        </div>
        <p className="font-semibold text-stone-900 tabular-nums">{formatMoney(line.total)}</p>
      </div>
      <div className="mt-2 flex items-center gap-2">
        <button
          type="button"
          aria-label={t('cart.removeOne', { label })}
          onClick={() => newestEntryId && dispatch(removeItem(newestEntryId))}
          className="btn btn-secondary size-11 p-0"
        >
          <Minus aria-hidden="true" className="size-5" />
        </button>
        <span className="w-8 text-center font-semibold tabular-nums">{line.quantity}</span>
        <button
          type="button"
          aria-label={t('cart.addOneMore', { label })}
          disabled={!canAddOne}
          onClick={() =>
            dispatch(
              addItem({
                itemId: line.itemId,
                name: line.name,
                price: line.unitPrice,
                note: line.note,
                options: line.options,
              }),
            )
          }
          className="btn btn-secondary size-11 p-0"
        >
          <Plus aria-hidden="true" className="size-5" />
        </button>
        <button
          type="button"
          aria-expanded={isEditingNote}
          aria-label={line.note ? t('cart.note.edit', { label }) : t('cart.note.add', { label })}
          onClick={() => setIsEditingNote((open) => !open)}
          className="btn btn-secondary ml-auto min-h-11"
        >
          <NotebookPen aria-hidden="true" className="size-4" />
          {t('cart.note')}
        </button>
      </div>
      {isEditingNote && (
        <NoteEditor line={line} label={label} dispatch={dispatch} onDone={() => setIsEditingNote(false)} />
      )}
    </li>
  );
}
