import { useT } from '../../../lib/i18n';

export type FiguresScope = 'branch' | 'chain';

const scopes: { scope: FiguresScope; label: string }[] = [
  { scope: 'branch', label: 'dashboard.scope.branch' },
  { scope: 'chain', label: 'dashboard.scope.chain' },
];

/** Whose figures the dashboard shows: the branch the owner works in now, or every branch side by side. */
export function ScopeToggle({ scope, onChange }: { scope: FiguresScope; onChange: (scope: FiguresScope) => void }) {
  const t = useT();
  return (
    <div role="group" aria-label={t('dashboard.scope')} className="inline-flex gap-2">
      {scopes.map((option) => (
        <button
          key={option.scope}
          type="button"
          aria-pressed={scope === option.scope}
          onClick={() => onChange(option.scope)}
          className={`btn btn-sm ${scope === option.scope ? 'bg-stone-900 text-white hover:bg-stone-800' : 'btn-secondary'}`}
        >
          {t(option.label)}
        </button>
      ))}
    </div>
  );
}
