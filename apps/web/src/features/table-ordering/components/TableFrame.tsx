import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { useT } from '../../../lib/i18n';

/** The table page's frame: the restaurant's name and the table number above the page's content. */
export function TableFrame({
  tableNo,
  restaurantName,
  children,
  after,
}: {
  tableNo: number;
  restaurantName: string | undefined;
  children: ReactNode;
  /** Outside <main>: the cart bar and the cart sheet. */
  after?: ReactNode;
}) {
  const t = useT();
  return (
    <div className="min-h-dvh bg-stone-50 text-stone-900">
      <header className="bg-amber-800 text-white">
        <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-4">
          <div className="min-w-0 flex-1">
            {/* A fixed height, so the name arriving with the menu moves nothing. */}
            <p className="h-5 truncate text-sm font-medium text-amber-100">{restaurantName}</p>
            <h1 className="text-xl font-bold">{t('table.heading', { tableNo })}</h1>
          </div>
          <LanguageSwitch />
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 pt-4 pb-28">{children}</main>
      {after}
    </div>
  );
}
