import { ShieldCheck } from 'lucide-react';
import { useT } from '../../../lib/i18n';

/** What staff see where the revenue figures would be: the server refuses them (403) anyway. */
export function FiguresManagersOnly() {
  const t = useT();
  return (
    <div role="status" className="card flex items-start gap-3 p-6 text-stone-700">
      <ShieldCheck aria-hidden="true" className="size-6 shrink-0 text-amber-700" />
      <div className="space-y-1">
        <p className="font-semibold text-stone-900">{t('dashboard.figuresManagersOnly')}</p>
        <p>{t('dashboard.figuresManagersOnly.body')}</p>
      </div>
    </div>
  );
}
