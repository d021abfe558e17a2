import { useT } from '../../../lib/i18n';
import { overShortLabel, overShortTone } from './shift-display';

/** "Over +5.000 ₫" / "Short −20.000 ₫" (red) / "Balanced". */
export function OverShortBadge({ overShort }: { overShort: number }) {
  const t = useT();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset tabular-nums ${overShortTone(overShort)}`}
    >
      {overShortLabel(t, overShort)}
    </span>
  );
}
