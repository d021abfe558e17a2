import { useId, type ReactNode } from 'react';

/** One titled part of the POS's order panel (customer, table, dishes, bill...). */
export function PanelSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-stone-200 pt-4 first:border-0 first:pt-0">
      <h3 id={headingId} className="text-sm font-semibold tracking-wide text-stone-600 uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}
