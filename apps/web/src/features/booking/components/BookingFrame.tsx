import type { ReactNode } from 'react';
import { ChevronLeft } from 'lucide-react';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../../components/LanguageSwitch';

/** The booking pages' frame: a way back, the restaurant's name and the page's heading, the language switch. */
export function BookingFrame({
  title,
  restaurantName,
  backTo,
  backLabel,
  children,
}: {
  title: string;
  restaurantName: string | undefined;
  backTo: string;
  backLabel: string;
  children: ReactNode;
}) {
  return (
    <div className="min-h-dvh bg-stone-50 text-stone-900">
      <header className="bg-amber-800 text-white">
        <div className="mx-auto flex max-w-2xl items-center gap-3 px-4 py-4">
          <Link
            to={backTo}
            className="-ml-2 flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-amber-900"
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
            <span className="sr-only">{backLabel}</span>
          </Link>
          <div className="min-w-0 flex-1">
            {/* A fixed height, so the name arriving later moves nothing. */}
            <p className="h-5 truncate text-sm font-medium text-amber-100">{restaurantName}</p>
            <h1 className="text-xl font-bold">{title}</h1>
          </div>
          <LanguageSwitch />
        </div>
      </header>
      <main className="mx-auto max-w-2xl px-4 pt-4 pb-16">{children}</main>
    </div>
  );
}
