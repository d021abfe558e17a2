import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n';

interface ChartPanelProps {
  id: string;
  title: string;
  /** The chart's main point in one sentence, for everyone (and what a screen reader hears first). */
  summary: string;
  /** What the figures count, when it is not obvious. */
  note?: string;
  /** The chart: a picture of `table`. */
  children: ReactNode;
  /** Every figure of the chart as a table, for screen readers and for whoever wants the exact numbers. */
  table: ReactNode;
}

export function ChartPanel({ id, title, summary, note, children, table }: ChartPanelProps) {
  const t = useT();
  return (
    <section aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`} className="card p-5">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      <p id={`${id}-summary`} className="mt-1 text-sm text-stone-700">
        {summary}
      </p>
      {note && <p className="mt-1 text-xs text-stone-500">{note}</p>}
      <div className="mt-4">{children}</div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-semibold text-amber-800">{t('chart.showTable')}</summary>
        <div className="mt-2 max-h-80 overflow-auto">{table}</div>
      </details>
    </section>
  );
}

interface FiguresTableProps {
  caption: string;
  columns: string[];
  rows: { key: string | number; cells: ReactNode[] }[];
}

/** A plain table of a chart's figures: the first column names the row. */
export function FiguresTable({ caption, columns, rows }: FiguresTableProps) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-left text-xs font-semibold tracking-wide text-stone-500 uppercase">
        <tr>
          {columns.map((column, index) => (
            <th key={column} scope="col" className={`py-1.5 font-semibold ${index > 0 ? 'text-right' : ''}`}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {rows.map(({ key, cells: [first, ...rest] }) => (
          <tr key={key}>
            <th scope="row" className="py-1.5 pr-3 text-left font-medium text-stone-900">
              {first}
            </th>
            {rest.map((cell, index) => (
              <td key={index} className="py-1.5 text-right text-stone-700 tabular-nums">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
