import { useId, useRef, useState, type Dispatch } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { Minus, NotebookPen, Plus, Send } from 'lucide-react';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { formatMoney } from '../../../lib/format';
import type { CartLine } from '../../../store/cart-lines';
import { addItem, removeItem, setItemNote } from '../../../store/cart-slice';

const maxNoteLength = 200;

interface LineProps {
  line: CartLine;
  isUnavailable: boolean;
  canAddOne: boolean;
  dispatch: Dispatch<UnknownAction>;
}

function NoteEditor({ line, dispatch, onDone }: Pick<LineProps, 'line' | 'dispatch'> & { onDone: () => void }) {
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
        Note for {line.name}
      </label>
      <input
        id={inputId}
        value={note}
        maxLength={maxNoteLength}
        autoFocus
        placeholder="e.g. no onions, less spicy"
        onChange={(event) => setNote(event.target.value)}
        className="field-input"
      />
      <button type="submit" className="btn btn-secondary min-h-11 shrink-0">
        Save
      </button>
    </form>
  );
}

function CartLineRow({ line, isUnavailable, canAddOne, dispatch }: LineProps) {
  const [isEditingNote, setIsEditingNote] = useState(false);
  const newestEntryId = line.entryIds[line.entryIds.length - 1];

  return (
    <li className="py-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium text-stone-900">{line.name}</p>
          <p className="text-sm text-stone-600 tabular-nums">
            {line.quantity} × {formatMoney(line.unitPrice)}
          </p>
          {line.note && !isEditingNote && <p className="text-sm text-amber-900 italic">Note: {line.note}</p>}
          {isUnavailable && <p className="text-sm font-medium text-red-800">Not available right now</p>}
        </div>
        <p className="font-semibold text-stone-900 tabular-nums">{formatMoney(line.total)}</p>
      </div>
      <div className="mt-2 flex items-center gap-2">
        <button
          type="button"
          aria-label={`Remove one ${line.name}`}
          onClick={() => newestEntryId && dispatch(removeItem(newestEntryId))}
          className="btn btn-secondary size-11 p-0"
        >
          <Minus aria-hidden="true" className="size-5" />
        </button>
        <span className="w-8 text-center font-semibold tabular-nums">{line.quantity}</span>
        <button
          type="button"
          aria-label={`Add one more ${line.name}`}
          disabled={!canAddOne || isUnavailable}
          onClick={() =>
            dispatch(addItem({ itemId: line.itemId, name: line.name, price: line.unitPrice, note: line.note }))
          }
          className="btn btn-secondary size-11 p-0"
        >
          <Plus aria-hidden="true" className="size-5" />
        </button>
        <button
          type="button"
          aria-expanded={isEditingNote}
          aria-label={`${line.note ? 'Change the note' : 'Add a note'} for ${line.name}`}
          onClick={() => setIsEditingNote((open) => !open)}
          className="btn btn-secondary ml-auto min-h-11"
        >
          <NotebookPen aria-hidden="true" className="size-4" />
          Note
        </button>
      </div>
      {isEditingNote && <NoteEditor line={line} dispatch={dispatch} onDone={() => setIsEditingNote(false)} />}
    </li>
  );
}

interface CartSheetProps {
  tableNo: number;
  lines: CartLine[];
  total: number;
  name: string;
  onNameChange: (name: string) => void;
  dispatch: Dispatch<UnknownAction>;
  canAdd: (itemId: string, note?: string) => boolean;
  /** Dishes of the cart that the menu no longer offers (sold out since they were added). */
  unavailableItemIds: ReadonlySet<string>;
  /** The server's refusal of the last attempt (an unavailable dish, a limit). */
  refusal: string | null;
  isSending: boolean;
  onPlaceOrder: () => void;
  onClose: () => void;
}

/** The cart as a bottom sheet: quantities, a note per dish, the diner's name, and "Place order". */
export function CartSheet(props: CartSheetProps) {
  const { tableNo, lines, total, name, onNameChange, dispatch, canAdd, unavailableItemIds, refusal } = props;
  const hasUnavailable = lines.some((line) => unavailableItemIds.has(line.itemId));
  const blocker =
    lines.length === 0
      ? 'Your cart is empty. Add dishes from the menu.'
      : hasUnavailable
        ? 'Remove the dishes that are not available right now.'
        : null;
  const blockerId = useId();
  // Opening on the dishes, not on the name field: a phone would slide its keyboard over the cart.
  const listRef = useRef<HTMLUListElement>(null);

  return (
    <Dialog title={`Your order · Table ${tableNo}`} onClose={props.onClose} className="max-w-lg" initialFocus={listRef}>
      {lines.length > 0 && (
        <ul
          ref={listRef}
          tabIndex={-1}
          aria-label="Dishes in your cart"
          className="-mt-2 divide-y divide-stone-200 focus:outline-none"
        >
          {lines.map((line) => (
            <CartLineRow
              key={line.key}
              line={line}
              isUnavailable={unavailableItemIds.has(line.itemId)}
              canAddOne={canAdd(line.itemId, line.note)}
              dispatch={dispatch}
            />
          ))}
        </ul>
      )}

      <div className="mt-4 space-y-4 border-t border-stone-200 pt-4">
        <TextField
          label="Your name (optional)"
          hint="So our staff know whose order it is."
          value={name}
          maxLength={80}
          autoComplete="given-name"
          onChange={(event) => onNameChange(event.target.value)}
        />
        <div className="flex items-baseline justify-between gap-4">
          <span className="text-stone-700">Dishes</span>
          <span className="text-lg font-bold tabular-nums">{formatMoney(total)}</span>
        </div>
        <p className="-mt-3 text-xs text-stone-600">Before tax; the restaurant confirms the final bill.</p>
        {refusal && <FormAlert>{refusal}</FormAlert>}
        <button
          type="button"
          className="btn btn-primary min-h-14 w-full text-base"
          disabled={blocker !== null || props.isSending}
          aria-describedby={blocker ? blockerId : undefined}
          onClick={props.onPlaceOrder}
        >
          <Send aria-hidden="true" className="size-5" />
          {props.isSending ? 'Sending your order…' : 'Place order'}
        </button>
        {blocker && (
          <p id={blockerId} className="text-center text-sm text-stone-600">
            {blocker}
          </p>
        )}
      </div>
    </Dialog>
  );
}
