import { ShieldCheck } from 'lucide-react';

/** What staff see where the revenue figures would be: the server refuses them (403) anyway. */
export function FiguresManagersOnly() {
  return (
    <div role="status" className="card flex items-start gap-3 p-6 text-stone-700">
      <ShieldCheck aria-hidden="true" className="size-6 shrink-0 text-amber-700" />
      <div className="space-y-1">
        <p className="font-semibold text-stone-900">Only managers see the figures</p>
        <p>Revenue, best sellers and busy hours are for managers. Ask a manager if you need them.</p>
      </div>
    </div>
  );
}
