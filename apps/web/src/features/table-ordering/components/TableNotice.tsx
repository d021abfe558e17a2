import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { usePageTitle } from '../../../lib/use-page-title';

interface TableNoticeProps {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  /** Buttons or links: what the diner can do next. */
  actions?: ReactNode;
  tone?: 'info' | 'problem';
}

/** A whole-page message on the table page: no key, no such table, too many orders, offline. */
export function TableNotice({ icon: Icon, title, children, actions, tone = 'problem' }: TableNoticeProps) {
  usePageTitle(title);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-stone-50 px-6 py-12 text-center text-stone-900">
      <span
        className={`flex size-16 items-center justify-center rounded-full ${
          tone === 'problem' ? 'bg-amber-100 text-amber-900' : 'bg-stone-200 text-stone-800'
        }`}
      >
        <Icon aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-5 max-w-md text-2xl font-bold tracking-tight text-balance">{title}</h1>
      <div className="mt-3 max-w-md space-y-3 text-stone-700">{children}</div>
      {actions && <div className="mt-6 flex w-full max-w-xs flex-col gap-3">{actions}</div>}
    </main>
  );
}
