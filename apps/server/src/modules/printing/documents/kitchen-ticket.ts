import type { PrintBlock, PrintDocument } from '../document';

export type KitchenTicketLine = { quantity: number; name: string; options: string[]; note: string };

export type KitchenTicketInput = {
  language: 'vi' | 'en';
  stationName: string;
  /** The table's number; null for a takeaway order. */
  tableNo: number | null;
  orderNo: number;
  roundNo: number;
  /** When the round was sent, already in the branch's time zone ("19:42"). */
  sentAt: string;
  /** Who sent it. */
  sentBy: string;
  /**
   * When a void or a reprint was asked for ("19:45"); a round's own ticket has none (a ticket that waited for its
   * printer is stamped as late when it prints).
   */
  printedAt?: string;
  /** The station's lines only: for a void ticket, the quantities taken off. */
  lines: KitchenTicketLine[];
  orderNote?: string;
  /** A void ticket tells the station to stop making the lines it lists. */
  isVoid?: boolean;
  /** Which copy of this ticket: the second and later ones are reprints and say so. */
  copy: number;
};

const labels = {
  vi: {
    reprint: 'IN LẠI',
    copy: (copy: number) => `bản ${copy}`,
    void: 'HỦY',
    voidNotice: 'Ngừng làm các món sau',
    table: (tableNo: number) => `Bàn ${tableNo}`,
    takeaway: 'Mang về',
    round: (roundNo: number) => `Lượt gọi ${roundNo}`,
    times: (sent: string, printed?: string) => (printed ? `Gửi ${sent} · In ${printed}` : `Gửi ${sent}`),
    sentBy: (name: string) => `Người gửi: ${name}`,
    note: (note: string) => `Ghi chú: ${note}`,
  },
  en: {
    reprint: 'REPRINT',
    copy: (copy: number) => `copy ${copy}`,
    void: 'VOID',
    voidNotice: 'Stop making these dishes',
    table: (tableNo: number) => `Table ${tableNo}`,
    takeaway: 'Takeaway',
    round: (roundNo: number) => `Round ${roundNo}`,
    times: (sent: string, printed?: string) => (printed ? `Sent ${sent} · Printed ${printed}` : `Sent ${sent}`),
    sentBy: (name: string) => `Sent by ${name}`,
    note: (note: string) => `Note: ${note}`,
  },
};

/**
 * A station's ticket of one round, as the browser prints it today: the station and order, the table big,
 * the round and times, then each dish with its quantity big, its options under it and its note; no prices.
 * A reprint says so at the top so that the kitchen does not make the dishes twice, and a void ticket says
 * "HỦY" above the lines to stop.
 */
export function kitchenTicketDocument(input: KitchenTicketInput): PrintDocument {
  const text = labels[input.language];
  const isReprint = input.copy > 1;
  const reprintLabel = `${text.reprint} · ${text.copy(input.copy)}`;
  const banner = input.isVoid
    ? { text: text.void, ...(isReprint ? { detail: reprintLabel } : {}) }
    : isReprint
      ? { text: text.reprint, detail: text.copy(input.copy) }
      : undefined;

  const blocks: PrintBlock[] = [
    {
      kind: 'text',
      text: `${input.stationName.toLocaleUpperCase('vi')} · #${input.orderNo}`,
      align: 'center',
      bold: true,
    },
    { kind: 'title', text: input.tableNo === null ? text.takeaway : text.table(input.tableNo) },
    { kind: 'text', text: text.round(input.roundNo), align: 'center', bold: true },
    { kind: 'text', text: text.times(input.sentAt, input.printedAt), align: 'center' },
    { kind: 'text', text: text.sentBy(input.sentBy), align: 'center' },
    { kind: 'rule' },
    ...(input.isVoid ? [{ kind: 'text', text: text.voidNotice, bold: true } as const] : []),
    ...input.lines.map((line): PrintBlock => ({
      kind: 'item',
      quantity: line.quantity,
      name: line.name,
      options: line.options,
      ...(line.note ? { note: line.note } : {}),
    })),
  ];
  if (input.orderNote) blocks.push({ kind: 'rule' }, { kind: 'text', text: text.note(input.orderNote), bold: true });
  return { ...(banner ? { banner } : {}), blocks };
}
