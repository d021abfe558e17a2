import type { PrintDocument } from '../document';

export type TableNoticeInput = {
  language: 'vi' | 'en';
  stationName: string;
  /** The table the kitchen's tickets name; null for a takeaway order. */
  fromTableNo: number | null;
  /** Where the dishes go now; null for a takeaway order. */
  toTableNo: number | null;
  /** The order the dishes belong to now. */
  orderNo: number;
  /** On a merge, the order whose tickets the kitchen holds, which joined `orderNo`. */
  mergedOrderNo?: number;
  /** When it happened, already in the branch's time zone ("19:42"). */
  at: string;
  /** Who moved or merged it. */
  by: string;
};

const labels = {
  vi: {
    moved: 'CHUYỂN BÀN',
    merged: 'GỘP BÀN',
    table: (tableNo: number) => `Bàn ${tableNo}`,
    takeaway: 'Mang về',
    order: (orderNo: number) => `Đơn #${orderNo}`,
    mergedInto: (from: number, into: number) => `Đơn #${from} gộp vào đơn #${into}`,
    when: (at: string, by: string) => `${at} · ${by}`,
  },
  en: {
    moved: 'TABLE MOVED',
    merged: 'TABLES MERGED',
    table: (tableNo: number) => `Table ${tableNo}`,
    takeaway: 'Takeaway',
    order: (orderNo: number) => `Order #${orderNo}`,
    mergedInto: (from: number, into: number) => `Order #${from} merged into order #${into}`,
    when: (at: string, by: string) => `${at} · ${by}`,
  },
};

/**
 * A short paper for a station that is still making dishes of an order that moved to another table or joined
 * another order: "Bàn 3 → Bàn 5, đơn #1004", so the dishes go to the right table. It lists no dishes, so that
 * nobody takes it for a ticket and cooks them again.
 */
export function tableNoticeDocument(input: TableNoticeInput): PrintDocument {
  const text = labels[input.language];
  const place = (tableNo: number | null) => (tableNo === null ? text.takeaway : text.table(tableNo));
  const order =
    input.mergedOrderNo === undefined ? text.order(input.orderNo) : text.mergedInto(input.mergedOrderNo, input.orderNo);
  return {
    blocks: [
      { kind: 'text', text: input.stationName.toLocaleUpperCase('vi'), align: 'center', bold: true },
      {
        kind: 'text',
        text: input.mergedOrderNo === undefined ? text.moved : text.merged,
        align: 'center',
        bold: true,
        size: 'large',
      },
      { kind: 'title', text: `${place(input.fromTableNo)} → ${place(input.toTableNo)}` },
      { kind: 'text', text: order, align: 'center', bold: true },
      { kind: 'text', text: text.when(input.at, input.by), align: 'center' },
    ],
  };
}
