import type { ReactNode } from 'react';
import { ShieldCheck } from 'lucide-react';

/**
 * What a person sees where a part of a page is not for their role (the server refuses it anyway): a shield, an
 * optional title in bold, then what to know or where to go instead.
 */
export function RoleNotice({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div role="status" className="card flex items-start gap-3 p-6 text-stone-700">
      <ShieldCheck aria-hidden="true" className="size-6 shrink-0 text-amber-700" />
      <div className="space-y-1">
        {title && <p className="font-semibold text-stone-900">{title}</p>}
        {children}
      </div>
    </div>
  );
}
