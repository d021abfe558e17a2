import writeXlsxFile from 'write-excel-file/node';

/** A cell of an export: text, a whole number, or nothing. */
export type ExportCell = string | number | null;

export interface ExportTable {
  /** The sheet's name in a workbook (at most 31 characters). */
  sheet: string;
  columns: string[];
  rows: ExportCell[][];
}

/**
 * Excel reads a UTF-8 file as the local code page unless it starts with a byte order mark, which would
 * garble every Vietnamese name.
 */
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * A text cell that a spreadsheet would run as a formula (a guest named "=HYPERLINK(…)"): a leading
 * apostrophe keeps it text. Numbers are written as numbers, so a negative difference stays a number.
 */
function neutralised(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvField(cell: ExportCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = neutralised(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180: comma-separated, CRLF line ends, quoted fields where needed. */
export function toCsv(table: ExportTable): Buffer {
  const lines = [table.columns, ...table.rows].map((row) => row.map(csvField).join(','));
  return Buffer.from(BYTE_ORDER_MARK + lines.join('\r\n') + '\r\n', 'utf8');
}

/** One sheet with a bold header row kept in view; money and counts as numbers. */
export async function toXlsx(table: ExportTable): Promise<Buffer> {
  const header = table.columns.map((title) => ({ value: title, fontWeight: 'bold' as const }));
  // A reduce, not Math.max(...rows): a year's payments are more arguments than a call can take.
  const widths = table.columns.map(
    (title, index) =>
      Math.min(
        40,
        table.rows.reduce((widest, row) => Math.max(widest, String(row[index] ?? '').length), title.length),
      ) + 2,
  );
  return writeXlsxFile([header, ...table.rows], {
    sheet: table.sheet,
    stickyRowsCount: 1,
    columns: widths.map((width) => ({ width })),
  }).toBuffer();
}
