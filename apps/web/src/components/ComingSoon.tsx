import type { ReactNode } from 'react';
import { Clock } from 'lucide-react';
import { usePageTitle } from '../lib/use-page-title';

interface ComingSoonProps {
  title: string;
  /** One line on what this page will hold and which issue brings it. */
  description: string;
  children?: ReactNode;
}

export function ComingSoon({ title, description, children }: ComingSoonProps) {
  usePageTitle(title);
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-16">
      <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{title}</h1>
      <p className="mt-4 flex items-start gap-2 text-stone-700">
        <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <span>{description}</span>
      </p>
      {children}
    </section>
  );
}
