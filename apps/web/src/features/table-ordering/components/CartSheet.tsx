import { useId, useRef, type Dispatch } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { Send } from 'lucide-react';
import { CartLineRow } from '../../../components/CartLineRow';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import type { CartLine } from '../../../store/cart-lines';

interface CartSheetProps {
  tableNo: number;
  lines: CartLine[];
  total: number;
  name: string;
  onNameChange: (name: string) => void;
  dispatch: Dispatch<UnknownAction>;
  canAdd: (itemId: string, note?: string, optionIds?: readonly string[]) => boolean;
  /** Dishes of the cart that the menu no longer offers (sold out since they were added). */
  unavailableItemIds: ReadonlySet<string>;
  /** The server's refusal of the last attempt (an unavailable dish, a limit). */
  refusal: string | null;
  /** The table's open order, which these dishes join as its next round; null when they start an order. */
  joinsOrderNo: number | null;
  isSending: boolean;
  onPlaceOrder: () => void;
  onClose: () => void;
}

/** The cart as a bottom sheet: quantities, options and a note per dish, the diner's name, and "Place order". */
export function CartSheet(props: CartSheetProps) {
  const t = useT();
  const { tableNo, lines, total, name, onNameChange, dispatch, canAdd, unavailableItemIds, refusal } = props;
  const hasUnavailable = lines.some((line) => unavailableItemIds.has(line.itemId));
  const blocker =
    lines.length === 0 ? t('table.cart.empty') : hasUnavailable ? t('table.cart.removeUnavailable') : null;
  const blockerId = useId();
  // Opening on the dishes, not on the name field: a phone would slide its keyboard over the cart.
  const listRef = useRef<HTMLUListElement>(null);

  return (
    <Dialog title={t('table.cart', { tableNo })} onClose={props.onClose} className="max-w-lg" initialFocus={listRef}>
      {lines.length > 0 && (
        <ul
          ref={listRef}
          tabIndex={-1}
          aria-label={t('table.cart.lines')}
          className="-mt-2 divide-y divide-stone-200 focus:outline-none"
        >
          {lines.map((line) => (
            <CartLineRow
              key={line.key}
              line={line}
              canAddOne={
                canAdd(
                  line.itemId,
                  line.note,
                  line.options.map((option) => option.id),
                ) && !unavailableItemIds.has(line.itemId)
              }
              dispatch={dispatch}
              notice={
                unavailableItemIds.has(line.itemId) && (
                  <p className="text-sm font-medium text-red-800">{t('table.cart.unavailable')}</p>
                )
              }
            />
          ))}
        </ul>
      )}

      <div className="mt-4 space-y-4 border-t border-stone-200 pt-4">
        <TextField
          label={t('table.cart.name')}
          hint={t('table.cart.name.hint')}
          value={name}
          maxLength={80}
          autoComplete="given-name"
          onChange={(event) => onNameChange(event.target.value)}
        />
        <div className="flex items-baseline justify-between gap-4">
          <span className="text-stone-700">{t('table.cart.dishesTotal')}</span>
          <span className="text-lg font-bold tabular-nums">{formatMoney(total)}</span>
        </div>
        <p className="-mt-3 text-xs text-stone-600">{t('table.cart.beforeTax')}</p>
        {props.joinsOrderNo !== null && (
          <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200 ring-inset">
            {t('table.cart.joinsOrder', { orderNo: props.joinsOrderNo })}
          </p>
        )}
        {refusal && <FormAlert>{refusal}</FormAlert>}
        <button
          type="button"
          className="btn btn-primary min-h-14 w-full text-base"
          disabled={blocker !== null || props.isSending}
          aria-describedby={blocker ? blockerId : undefined}
          onClick={props.onPlaceOrder}
        >
          <Send aria-hidden="true" className="size-5" />
          {props.isSending ? t('table.sending') : t('table.cart.place')}
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
