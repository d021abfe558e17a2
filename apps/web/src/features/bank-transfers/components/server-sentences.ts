import type { Translate } from '../../../lib/i18n';

/*
 * The server writes in English, without a code, why a transfer paid nothing on arrival
 * (apps/server/src/modules/orders/record-bank-transfer.ts) and why paying one onto an order by hand was refused
 * (the payment rules of apps/server/src/modules/orders/payments.ts). A manager reading in another language gets
 * those sentences from the catalogues; one not listed here (a rule added later) is shown as the server wrote it.
 */

/** Each sentence the server writes, and how to say it: the values matched, in the order they appear. */
const sentences: { pattern: RegExp; say: (t: Translate, values: string[]) => string }[] = [
  {
    pattern: /^The transfer is dated more than (\d+) hours ago$/,
    say: (t, [hours]) => t('bankTransfers.reason.stale', { hours }),
  },
  { pattern: /^The transfer is dated in the future$/, say: (t) => t('bankTransfers.reason.future') },
  { pattern: /^The transfer note names no order$/, say: (t) => t('bankTransfers.reason.noOrderInNote') },
  {
    pattern: /^The transfer went to account (.+), not the restaurant's$/,
    say: (t, [account]) => t('bankTransfers.reason.otherAccount', { account }),
  },
  { pattern: /^There is no order (\d+)$/, say: (t, [orderNo]) => t('bankTransfers.reason.noSuchOrder', { orderNo }) },
  {
    // On arrival the status alone; refusing a payment, with what it means.
    pattern: /^Order (\d+) is completed(?:; it takes no payment)?$/,
    say: (t, [orderNo]) => t('bankTransfers.reason.orderCompleted', { orderNo }),
  },
  {
    pattern: /^Order (\d+) is cancelled(?:; it takes no payment)?$/,
    say: (t, [orderNo]) => t('bankTransfers.reason.orderCancelled', { orderNo }),
  },
  {
    pattern: /^Order (\d+)'s bill is split differently now$/,
    say: (t, [orderNo]) => t('bankTransfers.reason.splitChanged', { orderNo }),
  },
  {
    pattern: /^Order (\d+) has (.+) due, the transfer was (.+)$/,
    say: (t, [orderNo, due, amount]) => t('bankTransfers.reason.otherAmount', { orderNo, due, amount }),
  },
  {
    pattern: /^Order (\d+) has (.+) left to pay, not (.+)$/,
    say: (t, [orderNo, due, amount]) => t('bankTransfers.refused.tooMuch', { orderNo, due, amount }),
  },
  {
    pattern: /^Part (\d+) of order (\d+) has (.+) left to pay, not (.+)$/,
    say: (t, [partNo, orderNo, due, amount]) =>
      t('bankTransfers.refused.tooMuchPart', { partNo, orderNo, due, amount }),
  },
  {
    pattern: /^Order (\d+) is paid already$/,
    say: (t, [orderNo]) => t('bankTransfers.refused.paid', { orderNo }),
  },
  {
    pattern: /^Part (\d+) of order (\d+) is paid already$/,
    say: (t, [partNo, orderNo]) => t('bankTransfers.refused.partPaid', { partNo, orderNo }),
  },
  {
    pattern: /^Order (\d+)'s bill is split: say which part this pays$/,
    say: (t, [orderNo]) => t('bankTransfers.refused.sayPart', { orderNo }),
  },
  {
    pattern: /^Order (\d+)'s bill is not split$/,
    say: (t, [orderNo]) => t('bankTransfers.refused.notSplit', { orderNo }),
  },
  {
    pattern: /^Choose a part from 1 to (\d+)$/,
    say: (t, [count]) => t('bankTransfers.refused.choosePart', { count }),
  },
  { pattern: /^Pay the whole bill$/, say: (t) => t('bankTransfers.refused.wholeBill') },
];

/** A sentence of the server about a transfer, in the active language when the catalogues say it. */
export function serverSentence(t: Translate, sentence: string): string {
  for (const { pattern, say } of sentences) {
    const match = pattern.exec(sentence);
    if (match) return say(t, match.slice(1));
  }
  return sentence;
}

/** Why a transfer paid nothing on arrival. */
export function refusalReason(t: Translate, reason: string | null): string {
  return reason === null ? t('bankTransfers.reason.unknown') : serverSentence(t, reason);
}
