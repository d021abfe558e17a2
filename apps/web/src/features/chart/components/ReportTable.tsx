import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n';
import { formatPrepTime, prepTimeIso } from './chart-format';

/** A figure's cell: right-aligned digits that line up down the column. */
export const figureCellClass = 'py-2 text-right text-stone-700 tabular-nums whitespace-nowrap';

/**
 * A row's name that stays in view while a wide table scrolls sideways (a report's `pinFirstColumn`): on a phone it
 * keeps the card's inset itself, since the table runs to the card's edge there.
 */
export const pinnedCellClass = 'sticky left-0 z-10 bg-white pl-4 sm:pl-0';

/**
 * A report's table: scrolls sideways inside its card on a narrow phone rather than widening the page.
 * Its children are its bodies (`<tbody>`), one per group of rows or one for all.
 */
export function ReportTable({
  caption,
  captionVisible = false,
  pinFirstColumn = false,
  columns,
  children,
}: {
  caption: string;
  captionVisible?: boolean;
  /** For a table of many columns: its rows' names stay in view (`pinnedCellClass` on each row's header). */
  pinFirstColumn?: boolean;
  /** The headers; a numeric column holds figures, right-aligned; a strong one (a total) stands out. */
  columns: { name: string; numeric?: boolean; strong?: boolean }[];
  children: ReactNode;
}) {
  return (
    <div>
      {/* Seen above the scrolling part, so it stays in view; the table is named by its caption. */}
      {captionVisible && (
        <p aria-hidden="true" className="pb-1 text-sm font-semibold text-stone-900">
          {caption}
        </p>
      )}
      {/* Relative: it holds and clips the cells' words for screen readers, which would else widen the page. */}
      <div className={`relative -mx-4 overflow-x-auto sm:mx-0 sm:px-0 ${pinFirstColumn ? 'pr-4' : 'px-4'}`}>
        <table className="w-full min-w-[18rem] text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="text-left text-xs font-semibold tracking-wide text-stone-500 uppercase">
            <tr>
              {columns.map((column, index) => (
                <th
                  key={column.name}
                  scope="col"
                  className={`py-1.5 font-semibold ${column.numeric ? 'pl-3 text-right' : 'pr-3'} ${column.strong ? 'text-stone-900' : ''} ${pinFirstColumn && index === 0 ? pinnedCellClass : ''}`}
                >
                  {column.name}
                </th>
              ))}
            </tr>
          </thead>
          {children}
        </table>
      </div>
    </div>
  );
}

/** An average preparation time, in words and as a duration for machines. */
export function Average({ seconds }: { seconds: number }) {
  const t = useT();
  return <time dateTime={prepTimeIso(seconds)}>{formatPrepTime(t, seconds)}</time>;
}

/** A report with nothing in it, said in words. */
export function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-stone-600">{children}</p>;
}
