/**
 * What a printer prints, independent of any printer: a ticket, bill or test page is built once as a list
 * of blocks, then encoded for each printer (as a raster image or as text in its code page). Every string is
 * final: money, times and labels are formatted by whoever builds the document.
 */

export type PrintAlignment = 'left' | 'center' | 'right';

export type PrintBlock =
  /** The heading of a paper: big, bold and centred. */
  | { kind: 'title'; text: string }
  | { kind: 'text'; text: string; align?: PrintAlignment; bold?: boolean; size?: 'normal' | 'large' }
  /** A label on the left and a value on the right of one line, e.g. "2 × Phở bò" … "130.000". */
  | { kind: 'row'; left: string; right: string; bold?: boolean }
  /** A dish as the kitchen reads it: the quantity big, the name bold, its options under it, then the note. */
  | { kind: 'item'; quantity: number; name: string; options: string[]; note?: string }
  /** A dashed separator across the paper. */
  | { kind: 'rule' }
  | { kind: 'qr'; data: string; caption?: string }
  /** Blank space, in lines of normal text. */
  | { kind: 'feed'; lines: number };

export type PrintDocument = {
  /**
   * Printed big and inverted at the top, so that nobody misses it: "IN LẠI" on a reprint, "HỦY" on a
   * void ticket. `detail` is a smaller line inside it (which copy this is).
   */
  banner?: { text: string; detail?: string };
  blocks: PrintBlock[];
};
