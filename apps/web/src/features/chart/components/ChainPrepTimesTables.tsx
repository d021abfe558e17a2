import type { ChainPrepTimes } from '@quan/contract/report';
import { formatCount } from '../../../lib/date-format';
import { useT, type Translate } from '../../../lib/i18n';
import { Average, Empty, ReportTable, figureCellClass, pinnedCellClass } from './ReportTable';

/** A row of the times: a station's or a dish's lines and their average. */
interface Times {
  name: string;
  lines: number;
  averageSeconds: number;
}

/**
 * The same station or dish in a branch's answer: by id, and by name for those without one (the lines sent to no
 * station, a dish deleted since), as the server groups them.
 */
function findSame<Row extends Times>(rows: Row[], row: Row, id: (row: Row) => string | null): Row | undefined {
  return rows.find((other) => id(other) === id(row) && (id(row) !== null || other.name === row.name));
}

function TimesCell({
  times,
  count,
  strong = false,
}: {
  times?: Times;
  count: (lines: number) => string;
  strong?: boolean;
}) {
  const t = useT();
  return (
    <td className={`pl-3 ${figureCellClass} ${strong ? 'font-semibold text-stone-900' : ''}`}>
      {times ? (
        <>
          <Average seconds={times.averageSeconds} />{' '}
          <span className="block text-xs font-normal text-stone-500">{count(times.lines)}</span>
        </>
      ) : (
        <>
          <span aria-hidden="true">—</span>
          <span className="sr-only">{t('chart.prep.noLines')}</span>
        </>
      )}
    </td>
  );
}

/**
 * One table of the chain's times: a row per station (or dish) of the chain, a column per branch, then the whole
 * chain's, which the server averages over every branch's lines (so it is not the mean of the columns).
 */
function ChainTimesTable<Row extends Times>({
  caption,
  rowHeader,
  rows,
  branchRows,
  branches,
  id,
  count,
}: {
  caption: string;
  rowHeader: string;
  rows: Row[];
  branchRows: (branch: ChainPrepTimes['branches'][number]) => Row[];
  branches: ChainPrepTimes['branches'];
  id: (row: Row) => string | null;
  count: (lines: number) => string;
}) {
  const t = useT();
  return (
    <ReportTable
      caption={caption}
      captionVisible
      pinFirstColumn
      columns={[
        { name: rowHeader },
        ...branches.map((column) => ({ name: column.branch.name, numeric: true })),
        { name: t('chart.chain.total'), numeric: true, strong: true },
      ]}
    >
      <tbody className="divide-y divide-stone-100">
        {rows.map((row, index) => (
          <tr key={id(row) ?? `${index}:${row.name}`}>
            <th scope="row" className={`min-w-32 py-2 pr-3 text-left font-medium text-stone-900 ${pinnedCellClass}`}>
              {row.name}
            </th>
            {branches.map((column) => (
              <TimesCell key={column.branch._id} times={findSame(branchRows(column), row, id)} count={count} />
            ))}
            <TimesCell times={row} count={count} strong />
          </tr>
        ))}
      </tbody>
    </ReportTable>
  );
}

const dishCount = (t: Translate) => (lines: number) =>
  t('chart.prep.dishCount', { count: lines, formatted: formatCount(lines) });
const madeCount = (t: Translate) => (lines: number) =>
  t('chart.prep.madeCount', { count: lines, formatted: formatCount(lines) });

/** The chain's preparation times by station and by dish, branch by branch and in all. */
export function ChainPrepTimesTables({ chain }: { chain: ChainPrepTimes }) {
  const t = useT();
  if (chain.total.byStation.length === 0 && chain.total.byDish.length === 0) {
    return <Empty>{t('chart.prep.none')}</Empty>;
  }
  return (
    <div className="space-y-5">
      <ChainTimesTable
        caption={t('chart.prep.byStation')}
        rowHeader={t('chart.prep.station')}
        rows={chain.total.byStation}
        branchRows={(column) => column.byStation}
        branches={chain.branches}
        id={(station) => station.stationId}
        count={dishCount(t)}
      />
      <ChainTimesTable
        caption={t('chart.prep.byDish')}
        rowHeader={t('chart.prep.dish')}
        rows={chain.total.byDish}
        branchRows={(column) => column.byDish}
        branches={chain.branches}
        id={(dish) => dish.itemId}
        count={madeCount(t)}
      />
    </div>
  );
}
