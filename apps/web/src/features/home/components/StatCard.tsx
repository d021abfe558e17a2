import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

interface StatCardProps {
  title: string;
  icon: LucideIcon;
  /** The figure; null while it loads. */
  value: ReactNode | null;
  detail?: ReactNode;
  link?: { to: string; label: string };
}

export function StatCard({ title, icon: Icon, value, detail, link }: StatCardProps) {
  return (
    <section aria-label={title} className="card flex flex-col gap-2 p-5">
      <h2 className="flex items-center gap-2 text-sm font-semibold text-stone-700">
        <Icon aria-hidden="true" className="size-4 text-amber-700" />
        {title}
      </h2>
      <p className="text-3xl font-bold tracking-tight text-stone-900" aria-busy={value === null}>
        {value ?? <span className="text-stone-300">…</span>}
      </p>
      {detail && <p className="text-sm text-stone-600">{detail}</p>}
      {link && (
        <Link to={link.to} className="mt-auto text-sm font-semibold text-amber-800 hover:underline">
          {link.label}
        </Link>
      )}
    </section>
  );
}
