import { useId, useState } from 'react';
import { Minus, NotebookPen, Plus } from 'lucide-react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatMoney } from '../../../lib/format';
import { addItem, clearCart, removeItem, setItemNote } from '../../../store/cart-slice';
import { useAppDispatch } from '../../../store/hooks';
import { maxLineQuantity, type CartLine } from '../../../store/cart-lines';

function NoteEditor({ line, onDone }: { line: CartLine; onDone: () => void }) {
  const dispatch = useAppDispatch();
  const inputId = useId();
  const [note, setNote] = useState(line.note);

  function save() {
    dispatch(setItemNote({ ids: line.entryIds, note: note.slice(0, 200) }));
    onDone();
  }

  return (
    <form
      className="mt-2 flex gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        Note for {line.name}
      </label>
      <input
        id={inputId}
        value={note}
        maxLength={200}
        autoFocus
        placeholder="e.g. no onions"
        onChange={(event) => setNote(event.target.value)}
        className="field-input py-1.5"
      />
      <button type="submit" className="btn btn-secondary btn-sm min-h-10">
        Save note
      </button>
    </form>
  );
}

function CartLineRow({ line }: { line: CartLine }) {
  const dispatch = useAppDispatch();
  const [isEditingNote, setIsEditingNote] = useState(false);
  const newestEntryId = line.entryIds[line.entryIds.length - 1];

  return (
    <li className="py-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium text-stone-900">{line.name}</p>
          <p className="text-xs text-stone-600 tabular-nums">
            {line.quantity} × {formatMoney(line.unitPrice)}
          </p>
          {line.note && !isEditingNote && <p className="text-xs text-amber-800 italic">Note: {line.note}</p>}
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
          disabled={line.quantity >= maxLineQuantity}
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
          aria-label={`${line.note ? 'Edit note' : 'Note'} for ${line.name}`}
          onClick={() => setIsEditingNote((open) => !open)}
          className="btn btn-secondary btn-sm ml-auto min-h-11"
        >
          <NotebookPen aria-hidden="true" className="size-4" />
          {line.note ? 'Edit note' : 'Note'}
        </button>
      </div>
      {isEditingNote && <NoteEditor line={line} onDone={() => setIsEditingNote(false)} />}
    </li>
  );
}

/** The cart as lines of the same dish and note; − removes one unit, + adds one. */
export function CartPanel({ lines }: { lines: CartLine[] }) {
  const dispatch = useAppDispatch();
  const [isConfirmingClear, setIsConfirmingClear] = useState(false);

  if (lines.length === 0) {
    return <p className="py-2 text-sm text-stone-600">No dishes yet. Tap a dish to add it.</p>;
  }

  return (
    <div>
      <ul aria-label="Dishes in this order" className="divide-y divide-stone-200">
        {lines.map((line) => (
          <CartLineRow key={line.key} line={line} />
        ))}
      </ul>
      <button type="button" className="btn btn-secondary btn-sm mt-2" onClick={() => setIsConfirmingClear(true)}>
        Clear dishes
      </button>
      <ConfirmDialog
        open={isConfirmingClear}
        title="Clear every dish?"
        description="The customer and table stay; only the dishes are removed."
        confirmLabel="Clear dishes"
        onConfirm={() => {
          dispatch(clearCart());
          setIsConfirmingClear(false);
        }}
        onCancel={() => setIsConfirmingClear(false)}
      />
    </div>
  );
}
