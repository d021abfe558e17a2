import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Dialog } from '../../../components/Dialog';
import { formatMoney } from '../../../lib/format';
import { formatDateTime } from '../../../lib/date-format';
import { useT, type Translate } from '../../../lib/i18n';
import { canWorkOffline } from '../../../lib/offline-shell';
import { removeFromOutbox, retryEntry, type OutboxEntry } from '../../../lib/outbox';
import { randomUuid } from '../../../lib/random-uuid';
import { addItem, clearCart } from '../../../store/cart-slice';
import { groupCartLines } from '../../../store/cart-lines';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { assignTable, setCustomer } from '../../../store/order-slice';
import { selectUser } from '../../../store/user-slice';
import { useOutboxEntries } from './use-outbox-entries';

/** What the entry is, in one line: "New order · Table 5", "More dishes · order #12", or the label it was taken with. */
function entryTitle(t: Translate, entry: OutboxEntry): string {
  const cart = entry.cart;
  if (entry.kind === 'order' && cart) {
    const where = cart.table ? t('outbox.table', { tableNo: cart.table.tableNo }) : (cart.customer?.name ?? '');
    return t('outbox.kind.order', { where });
  }
  if (entry.kind === 'round' && cart) return t('outbox.kind.round', { orderNo: cart.orderNo ?? 0 });
  return entry.label;
}

function EntryState({ entry, isMine }: { entry: OutboxEntry; isMine: boolean }) {
  const t = useT();
  if (entry.state === 'sent') {
    const { orderNo, total } = entry.sent ?? {};
    return (
      <p className="text-sm text-green-800">
        {orderNo != null ? t('outbox.state.sent', { orderNo }) : t('outbox.state.sentNoNumber')}
        {total != null && entry.estimate != null && total !== entry.estimate && (
          <span className="block font-semibold text-amber-900">
            {t('outbox.state.priceChanged', { total: formatMoney(total), estimate: formatMoney(entry.estimate) })}
          </span>
        )}
      </p>
    );
  }
  if (entry.state === 'refused') {
    return (
      <p role="alert" className="text-sm font-semibold text-red-800">
        {entry.refusal?.tooOld
          ? t('outbox.state.tooOld')
          : t('outbox.state.refused', { reason: entry.refusal?.message ?? '' })}
      </p>
    );
  }
  return (
    <p className="text-sm text-stone-700">
      {isMine
        ? t('outbox.state.waiting', { attempts: entry.attempts })
        : t('outbox.state.waitsFor', { name: entry.userName })}
    </p>
  );
}

/**
 * What this tablet keeps to send: each entry with what became of it, and what staff can do about it: send a waiting
 * one now, send a refused one again (the reason may have passed: a dish restocked) or take it back into the POS cart
 * to change it, discard it after a confirmation, clear the sent ones.
 */
export function OutboxDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const entries = useOutboxEntries();
  const { _id: userId } = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null);

  function backToCart(entry: OutboxEntry) {
    const cart = entry.cart;
    if (!cart) return;
    dispatch(clearCart());
    // A new order in progress (a new Idempotency-Key): what goes now is a changed order, not the refused one.
    if (cart.customer) dispatch(setCustomer(cart.customer));
    dispatch(assignTable(cart.table));
    for (const { id: _id, ...item } of cart.items) dispatch(addItem(item));
    void removeFromOutbox(entry.id);
    onClose();
    void navigate('/menu');
  }

  const sent = entries.filter((entry) => entry.state === 'sent');
  return (
    <Dialog title={t('outbox.title')} onClose={onClose} className="max-w-xl">
      {!canWorkOffline() && (
        <p className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t('outbox.needsHttps')}</p>
      )}
      {entries.length === 0 ? (
        <p className="text-stone-700">{t('outbox.empty')}</p>
      ) : (
        <ul className="space-y-3">
          {entries.map((entry) => {
            const isMine = entry.userId === userId;
            const lines = entry.cart ? groupCartLines(entry.cart.items) : [];
            const title = entryTitle(t, entry);
            return (
              <li key={entry.id} aria-label={title} className="rounded-lg border border-stone-200 p-3">
                <p className="font-semibold text-stone-900">{title}</p>
                <p className="text-xs text-stone-600">
                  {t('outbox.takenBy', { name: entry.userName, time: formatDateTime(entry.takenAt) })}
                </p>
                {lines.length > 0 && (
                  <ul className="my-1 text-sm text-stone-800">
                    {lines.map((line) => (
                      <li key={line.key}>{t('outbox.line', { quantity: line.quantity, name: line.name })}</li>
                    ))}
                  </ul>
                )}
                {entry.estimate != null && (
                  <p className="text-sm text-stone-700">
                    {t('outbox.estimate', { amount: formatMoney(entry.estimate) })}
                  </p>
                )}
                <EntryState entry={entry} isMine={isMine} />
                <div className="mt-2 flex flex-wrap gap-2">
                  {entry.state === 'waiting' && isMine && (
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      onClick={() => void retryEntry(entry.id, randomUuid)}
                    >
                      {t('outbox.action.sendNow')}
                    </button>
                  )}
                  {entry.state === 'refused' && isMine && (
                    <button
                      type="button"
                      className="btn btn-primary btn-sm"
                      onClick={() => void retryEntry(entry.id, randomUuid)}
                    >
                      {t('outbox.action.sendAgain')}
                    </button>
                  )}
                  {entry.state === 'refused' && isMine && entry.cart && (
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => backToCart(entry)}>
                      {t('outbox.action.backToCart')}
                    </button>
                  )}
                  {entry.state === 'refused' && (
                    <button type="button" className="btn btn-danger btn-sm" onClick={() => setDiscarding(entry)}>
                      {t('outbox.action.discard')}
                    </button>
                  )}
                  {entry.state === 'sent' && (
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      onClick={() => void removeFromOutbox(entry.id)}
                    >
                      {t('outbox.action.clear')}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {sent.length > 1 && (
        <button
          type="button"
          className="btn btn-secondary mt-3"
          onClick={() => sent.forEach((entry) => void removeFromOutbox(entry.id))}
        >
          {t('outbox.action.clearSent')}
        </button>
      )}
      <ConfirmDialog
        open={discarding !== null}
        title={t('outbox.discard.title')}
        description={t('outbox.discard.description')}
        confirmLabel={t('outbox.action.discard')}
        onCancel={() => setDiscarding(null)}
        onConfirm={() => {
          if (discarding) void removeFromOutbox(discarding.id);
          setDiscarding(null);
        }}
      />
    </Dialog>
  );
}
