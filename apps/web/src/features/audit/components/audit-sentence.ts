import type { AuditEntry, AuditKind } from '@quan/contract/audit';
import type { PaymentMethod } from '@quan/contract/payments';
import type { VoidReason } from '@quan/contract/order';
import { formatMoney } from '../../../lib/format';
import type { Translate } from '../../../lib/i18n';

/*
 * The server writes each entry's `summary` once, in English, when the change is made; a manager reading in
 * another language gets the same sentence written here from the entry's `details`. The details are whatever
 * the server stored then (a record of unknown shape, older rows carrying fewer fields): every value is checked,
 * and a sentence that lacks one falls back to the server's summary rather than saying less than it.
 */

type Details = Record<string, unknown>;
/**
 * One kind's sentence, or null when its details do not carry what the sentence says. The order's number is the
 * entry's own (the server joins it), said where the summaries say it.
 */
type Sentence = (t: Translate, details: Details, orderNo: number | undefined) => string | null;
/** Values read from the details, none of them missing. */
type Read<T> = { [K in keyof T]: Exclude<T[K], undefined> };

const voidReasonMessages: Record<VoidReason, string> = {
  wrong_dish: 'audit.sentence.void.reason.wrongDish',
  changed_mind: 'audit.sentence.void.reason.changedMind',
  quality: 'audit.sentence.void.reason.quality',
  other: 'audit.sentence.void.reason.other',
};

const refundMethodMessages: Record<PaymentMethod, string> = {
  cash: 'audit.sentence.refund.method.cash',
  card: 'audit.sentence.refund.method.card',
  transfer: 'audit.sentence.refund.method.transfer',
  ewallet: 'audit.sentence.refund.method.ewallet',
  voucher: 'audit.sentence.refund.method.voucher',
};

const splitMessages: Record<'guests' | 'lines', string> = {
  guests: 'audit.sentence.split.guests',
  lines: 'audit.sentence.split.lines',
};

/** A split again, that kept the parts with money on them and divided what was left. */
const splitLeftMessages: Record<'guests' | 'lines', string> = {
  guests: 'audit.sentence.split.leftGuests',
  lines: 'audit.sentence.split.leftLines',
};

const cashMovementMessages: Record<'in' | 'out', string> = {
  in: 'audit.sentence.cashMovement.in',
  out: 'audit.sentence.cashMovement.out',
};

/** Amounts (whole đồng), counts and the numbers of orders, tables and shifts are all whole numbers. */
function whole(value: unknown): number | undefined {
  return Number.isSafeInteger(value) ? (value as number) : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function record(value: unknown): Details | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Details) : undefined;
}

/** The message id a stored value (a reason, a method) stands for; undefined for a value this web does not know. */
function messageOf(messages: Record<string, string>, value: unknown): string | undefined {
  return typeof value === 'string' && Object.hasOwn(messages, value) ? messages[value] : undefined;
}

/** Each element read by `read`, or undefined when the value is no list, is empty, or one element is unreadable. */
function everyOf<T>(value: unknown, read: (element: unknown) => T | undefined): T[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const elements = value.map(read);
  return elements.every((element) => element !== undefined) ? (elements as T[]) : undefined;
}

/** The values read for a sentence, or null when one is missing or was of the wrong type (read as undefined). */
function all<T extends Record<string, unknown>>(values: T): Read<T> | null {
  return Object.values(values).includes(undefined) ? null : (values as Read<T>);
}

/** The dishes of a void or a move as the receipt writes them, names as stored: "1 × Phở bò, 2 × Trà đá". */
function dishList(value: unknown): string | undefined {
  const dishes = everyOf(value, (element) => {
    const line = record(element);
    const read = all({ quantity: whole(line?.quantity), name: text(line?.name) });
    return read ? `${read.quantity} × ${read.name}` : undefined;
  });
  return dishes?.join(', ');
}

/**
 * The dishes, the reason and the amount of a void as its details keep them, in the reader's language: of a void
 * made, or of one a refused approval was for.
 */
function voidOf(t: Translate, details: Details) {
  const read = all({
    items: dishList(details.lines),
    reasonId: messageOf(voidReasonMessages, details.reason),
    note: text(details.note),
    amount: whole(details.amount),
  });
  if (!read) return undefined;
  const reason = read.note
    ? t('audit.sentence.void.reasonWithNote', { reason: t(read.reasonId), note: read.note })
    : t(read.reasonId);
  return { items: read.items, reason, amount: formatMoney(read.amount) };
}

/** A shift as the summaries name it, by number and drawer ("Shift 3 (Quầy 1)"). */
function shiftOf(details: Details) {
  return all({ shiftNo: whole(details.shiftNo), device: text(details.deviceName) }) ?? undefined;
}

const sentences: Record<AuditKind, Sentence> = {
  void(t, details, orderNo) {
    const read = all({
      voided: voidOf(t, details),
      wasted: typeof details.wasted === 'boolean' ? details.wasted : undefined,
      orderNo,
    });
    return read && t(read.wasted ? 'audit.sentence.void.wasted' : 'audit.sentence.void', { ...read.voided, orderNo });
  },

  merge(t, details, orderNo) {
    const read = all({
      fromOrderNo: whole(details.fromOrderNo),
      fromTotal: whole(details.fromTotal),
      total: whole(details.total),
      // null when the merged order had no coupon; absent from the rows written before the code was kept.
      coupon: details.couponCode === null ? null : text(details.couponCode),
      orderNo,
    });
    if (!read) return null;
    const { coupon, fromTotal, total, ...numbers } = read;
    const values = { ...numbers, fromTotal: formatMoney(fromTotal), total: formatMoney(total) };
    return coupon ? t('audit.sentence.merge.couponBack', { ...values, coupon }) : t('audit.sentence.merge', values);
  },

  split(t, details, orderNo) {
    const read = all({
      id: messageOf(splitMessages, details.by),
      total: whole(details.total),
      parts: everyOf(details.parts, (element) => whole(record(element)?.total)),
      orderNo,
    });
    if (!read) return null;
    // An even split has one part per guest, so the parts count the guests too.
    const values = {
      orderNo,
      total: formatMoney(read.total),
      count: read.parts.length,
      parts: read.parts.map(formatMoney).join(' + '),
    };
    const kept = everyOf(details.keptParts, whole);
    const left = whole(details.left);
    const leftId = messageOf(splitLeftMessages, details.by);
    if (kept && kept.length > 0 && left !== undefined && leftId) {
      return t(leftId, { ...values, left: formatMoney(left), kept: kept.join(', '), keptCount: kept.length });
    }
    return t(read.id, values);
  },

  move(t, details, orderNo) {
    // Two changes are moves: a whole order to another table, or some dishes to another table's order.
    if (details.wholeOrder === true) {
      const read = all({
        toTableNo: whole(details.toTableNo),
        // null when the order had no table before; absent from the rows written before the numbers were kept.
        fromTableNo: details.fromTableNo === null ? null : whole(details.fromTableNo),
        orderNo,
      });
      if (!read) return null;
      return read.fromTableNo === null
        ? t('audit.sentence.move.order', { orderNo, toTableNo: read.toTableNo })
        : t('audit.sentence.move.orderFromTable', read);
    }
    const read = all({
      items: dishList(details.lines),
      amount: whole(details.amount),
      toOrderNo: whole(details.toOrderNo),
      toTableNo: whole(details.toTableNo),
      orderNo,
    });
    return read && t('audit.sentence.move.lines', { ...read, amount: formatMoney(read.amount) });
  },

  refund(t, details, orderNo) {
    const read = all({
      amount: whole(details.amount),
      paymentAmount: whole(details.paymentAmount),
      methodId: messageOf(refundMethodMessages, details.method),
      reason: text(details.reason),
      orderNo,
    });
    if (!read) return null;
    const { methodId, amount, paymentAmount, ...values } = read;
    return t('audit.sentence.refund', {
      ...values,
      amount: formatMoney(amount),
      paymentAmount: formatMoney(paymentAmount),
      method: t(methodId),
    });
  },

  'cash-movement'(t, details) {
    const read = all({
      id: messageOf(cashMovementMessages, details.kind),
      amount: whole(details.amount),
      reason: text(details.reason),
      shift: shiftOf(details),
    });
    return read && t(read.id, { ...read.shift, amount: formatMoney(read.amount), reason: read.reason });
  },

  'shift-close'(t, details) {
    const read = all({ counted: whole(details.counted), expected: whole(details.expected), shift: shiftOf(details) });
    if (!read) return null;
    const overShort = read.counted - read.expected;
    const values = { ...read.shift, counted: formatMoney(read.counted), expected: formatMoney(read.expected) };
    if (overShort === 0) return t('audit.sentence.shiftClose.even', values);
    return t(overShort > 0 ? 'audit.sentence.shiftClose.over' : 'audit.sentence.shiftClose.short', {
      ...values,
      difference: formatMoney(Math.abs(overShort)),
    });
  },

  'shift-reopen'(t, details) {
    const read = all({ reason: text(details.reason), shift: shiftOf(details) });
    return read && t('audit.sentence.shiftReopen', { ...read.shift, reason: read.reason });
  },

  'bank-transfer'(t, details, orderNo) {
    const read = all({
      transactionId: text(details.transactionId),
      amount: whole(details.amount),
      // null when the whole bill was paid.
      partNo: details.partNo === null ? null : whole(details.partNo),
      reason: text(details.reason),
      orderNo,
    });
    if (!read) return null;
    const { partNo, amount, ...values } = read;
    return partNo === null
      ? t('audit.sentence.bankTransfer', { ...values, amount: formatMoney(amount) })
      : t('audit.sentence.bankTransfer.part', { ...values, partNo, amount: formatMoney(amount) });
  },

  'approval-refused'(t, details, orderNo) {
    // What the approval was for: a void of dishes the kitchen started is the one change that takes one. Nothing
    // was voided, so whether the dishes were to be wasted is not said.
    if (details.action !== 'void') return null;
    const read = all({ voided: voidOf(t, details), email: text(details.email), orderNo });
    return read && t('audit.sentence.approvalRefused.void', { ...read.voided, email: read.email, orderNo });
  },

  'stock-transfer'(t, details) {
    if (details.direction === 'out') {
      const sent = all({
        transferNo: whole(details.transferNo),
        to: text(details.toBranchName),
        value: whole(details.sentValue),
      });
      return sent && t('audit.sentence.stockTransfer.sent', { ...sent, value: formatMoney(sent.value) });
    }
    // A receipt: what was lost (or gained) on the way, in money at the cost the goods left with.
    const read = all({
      transferNo: whole(details.transferNo),
      from: text(details.fromBranchName),
      difference: whole(details.differenceValue),
    });
    if (!read) return null;
    const { difference, ...values } = read;
    return difference === 0
      ? t('audit.sentence.stockTransfer.full', values)
      : t('audit.sentence.stockTransfer', { ...values, difference: formatMoney(difference) });
  },

  'drawer-open'(t, details) {
    const printer = text(details.printerName);
    return printer === undefined ? null : t('audit.sentence.drawerOpen', { printer });
  },

  // E-invoice entries of other actions (invoices sent again) say their own summary.
  einvoice(t, details, orderNo) {
    const correction = einvoiceCorrection(t, details, orderNo);
    if (correction !== undefined) return correction;
    if (details.action === 'buyer') {
      const read = all({ orderNo });
      return (
        read &&
        t('audit.sentence.einvoice.buyer', {
          orderNo: read.orderNo,
          before: invoiceBuyerName(t, details.before),
          after: invoiceBuyerName(t, details.after),
        })
      );
    }
    if (details.action === 'send-missing') {
      const read = all({ date: text(details.date), queued: whole(details.queued), retried: whole(details.retried) });
      return read && t('audit.sentence.einvoice.sendMissing', read);
    }
    if (details.action !== 'settings') return null;
    const read = all({
      username: text(details.username),
      taxCode: text(details.sellerTaxCode),
      templateCode: text(details.templateCode),
      series: text(details.invoiceSeries),
      enabled: typeof details.enabled === 'boolean' ? details.enabled : undefined,
      passwordChanged: typeof details.passwordChanged === 'boolean' ? details.passwordChanged : undefined,
    });
    if (!read) return null;
    const { enabled, passwordChanged, ...values } = read;
    return t('audit.sentence.einvoice.settings', {
      ...values,
      state: enabled ? 'on' : 'off',
      password: passwordChanged ? 'changed' : 'kept',
    });
  },
};

/** The buyer an e-invoice was made out to: a company by its name and tax code, or a walk-in guest. */
function invoiceBuyerName(t: Translate, buyer: unknown): string {
  const company = buyer && typeof buyer === 'object' ? (buyer as Record<string, unknown>) : {};
  const read = all({ name: text(company.name), taxCode: text(company.taxCode) });
  return read ? t('audit.sentence.einvoice.company', read) : t('audit.sentence.einvoice.walkIn');
}

/**
 * A refund's correction of an order's e-invoice: its cancellation asked for, a sale cancelled before it was issued,
 * an adjustment queued; undefined for the other e-invoice entries.
 */
function einvoiceCorrection(t: Translate, details: Details, orderNo: number | undefined): string | null | undefined {
  const reason = text(details.reason);
  switch (details.action) {
    case 'cancel-requested': {
      const read = all({ invoiceNumber: text(details.invoiceNumber), orderNo, reason });
      return read && t('audit.sentence.einvoice.cancelRequested', read);
    }
    case 'cancelled-unissued': {
      const read = all({ orderNo, reason });
      return read && t('audit.sentence.einvoice.cancelledUnissued', read);
    }
    case 'adjustment-queued': {
      const read = all({ amount: whole(details.amount), orderNo, reason });
      return read && t('audit.sentence.einvoice.adjustmentQueued', { ...read, amount: formatMoney(read.amount) });
    }
    default:
      return undefined;
  }
}

/**
 * What an entry did, in the active language: written from its kind and details, or the server's own `summary`
 * when the details lack what the sentence says (an older row, a kind this web does not know yet).
 */
export function auditSentence(t: Translate, entry: Pick<AuditEntry, 'kind' | 'details' | 'order' | 'summary'>): string {
  const write = Object.hasOwn(sentences, entry.kind) ? sentences[entry.kind] : undefined;
  const details = record(entry.details);
  const sentence = write && details ? write(t, details, entry.order?.orderNo) : null;
  return sentence ?? entry.summary;
}
