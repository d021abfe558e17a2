import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Search, SlidersHorizontal } from 'lucide-react';
import type { Category, Item } from '@quan/contract/menu';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { matchesSearch } from '../../../lib/search';

const allTab = 'all';

interface MenuBrowserProps {
  categories: Category[];
  items: Item[];
  /** Units of each item already in the cart, to show on its tile. */
  quantityInCart: (itemId: string) => number;
  canAdd: (item: Item) => boolean;
  onAdd: (item: Item) => void;
}

/** Category tabs, a search box and the dishes as large tiles: one tap adds one unit, or opens a dish's options. */
export function MenuBrowser({ categories, items, quantityInCart, canAdd, onAdd }: MenuBrowserProps) {
  const t = useT();
  const baseId = useId();
  const [selectedTab, setSelectedTab] = useState(allTab);
  const [search, setSearch] = useState('');
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const tabs = [
    { id: allTab, name: t('pos.browser.all'), color: '' },
    ...categories.map((c) => ({ id: c._id, name: c.name, color: c.color })),
  ];
  const activeTab = tabs.some((tab) => tab.id === selectedTab) ? selectedTab : allTab;
  const activeTabName = tabs.find((tab) => tab.id === activeTab)?.name ?? t('pos.browser.all');
  const colorOf = new Map(categories.map((category) => [category._id, category.color]));
  const visibleItems = items.filter(
    (item) => (activeTab === allTab || item.categoryId === activeTab) && matchesSearch(item.name, search),
  );
  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;

  // Arrow keys move between tabs (WAI-ARIA tabs pattern); only the selected tab is in the Tab order.
  function handleTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = tabs.findIndex((tab) => tab.id === activeTab);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length];
    if (!tab) return;
    setSelectedTab(tab.id);
    tabRefs.current.get(tab.id)?.focus();
  }

  return (
    <div className="space-y-4">
      <div className="relative">
        <label htmlFor={`${baseId}-search`} className="sr-only">
          {t('pos.browser.search')}
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-400"
        />
        <input
          id={`${baseId}-search`}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('pos.browser.search')}
          autoComplete="off"
          className="field-input min-h-12 pl-10"
        />
      </div>

      <div
        role="tablist"
        aria-label={t('pos.browser.categories')}
        className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:thin] md:mx-0 md:flex-wrap md:px-0"
      >
        {tabs.map((tab) => {
          const isSelected = tab.id === activeTab;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              aria-selected={isSelected}
              aria-controls={panelId}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => setSelectedTab(tab.id)}
              onKeyDown={handleTabKeyDown}
              className={`flex min-h-11 shrink-0 items-center gap-2 rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors ${
                isSelected
                  ? 'border-amber-700 bg-amber-700 text-white'
                  : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-100'
              }`}
            >
              {tab.color && (
                <span
                  aria-hidden="true"
                  className="size-2.5 rounded-full ring-1 ring-white/60"
                  style={{ backgroundColor: tab.color }}
                />
              )}
              {tab.name}
            </button>
          );
        })}
      </div>

      <div id={panelId} role="tabpanel" aria-labelledby={tabId(activeTab)} tabIndex={-1}>
        {visibleItems.length === 0 ? (
          <div className="card space-y-3 p-6 text-center text-sm text-stone-600">
            <p>
              {search.trim()
                ? activeTab === allTab
                  ? t('pos.browser.noMatch', { search: search.trim() })
                  : t('pos.browser.noMatchIn', { search: search.trim(), category: activeTabName })
                : t('pos.browser.empty')}
            </p>
            {search.trim() && activeTab !== allTab && (
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => setSelectedTab(allTab)}>
                {t('pos.browser.searchAll')}
              </button>
            )}
          </div>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
            {visibleItems.map((item) => {
              const quantity = quantityInCart(item._id);
              // Switched off by a manager, or the stock cannot cover one portion of its recipe.
              const offered = item.isAvailable && !item.isSoldOut;
              const addable = offered && canAdd(item);
              const hasOptions = item.optionGroups.length > 0;
              return (
                <li key={item._id}>
                  <button
                    type="button"
                    disabled={!addable}
                    aria-haspopup={hasOptions ? 'dialog' : undefined}
                    onClick={() => onAdd(item)}
                    style={{ borderLeftColor: colorOf.get(item.categoryId) }}
                    className={`relative flex h-full min-h-24 w-full flex-col items-start justify-between gap-2 rounded-2xl border border-l-4 border-stone-200 p-3 text-left shadow-sm transition active:scale-[0.98] ${
                      offered
                        ? 'bg-white hover:border-amber-600 hover:bg-amber-50'
                        : 'cursor-not-allowed bg-stone-100 text-stone-500 opacity-70'
                    }`}
                  >
                    <span className="text-base leading-snug font-semibold">{item.name}</span>
                    {hasOptions && (
                      <span className="-mt-1 flex items-center gap-1 text-xs font-medium text-stone-600">
                        <SlidersHorizontal aria-hidden="true" className="size-3.5" />
                        <span className="sr-only">, </span>
                        {item.optionGroups.map((group) => group.name).join(' · ')}
                      </span>
                    )}
                    <span className="flex w-full items-center justify-between gap-2">
                      <span className="text-sm font-medium text-stone-700 tabular-nums">{formatMoney(item.price)}</span>
                      {!item.isAvailable ? (
                        <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-medium text-stone-700">
                          {t('pos.browser.unavailable')}
                        </span>
                      ) : (
                        item.isSoldOut && (
                          <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
                            {t('pos.browser.soldOut')}
                          </span>
                        )
                      )}
                    </span>
                    {quantity > 0 && (
                      <span className="absolute -top-2 -right-2 flex min-w-7 items-center justify-center rounded-full bg-amber-700 px-1.5 py-0.5 text-sm font-bold text-white shadow">
                        <span className="sr-only">, </span>
                        {quantity}
                        <span className="sr-only"> {t('pos.browser.inOrder')}</span>
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
