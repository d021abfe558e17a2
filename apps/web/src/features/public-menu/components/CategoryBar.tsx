import { useEffect, useRef, type RefObject } from 'react';
import { useT } from '../../../lib/i18n';
import type { PublicMenuCategory } from './menu-search';

export const categorySectionId = (categoryId: string) => `menu-category-${categoryId}`;

interface CategoryBarProps {
  categories: readonly Pick<PublicMenuCategory, '_id' | 'name'>[];
  activeId: string | undefined;
  onSelect: (categoryId: string) => void;
  ref: RefObject<HTMLElement | null>;
}

/**
 * The sticky row of categories: each is a link to its section (so it reads as one), a tap scrolls there,
 * and the category being read is marked as the current one and kept in view within the row.
 */
export function CategoryBar({ categories, activeId, onSelect, ref }: CategoryBarProps) {
  const t = useT();
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const list = listRef.current;
    const chip = activeId ? list?.querySelector<HTMLElement>(`[data-category="${activeId}"]`) : null;
    if (!list || !chip || typeof list.scrollTo !== 'function') return;
    const { offsetLeft, offsetWidth } = chip;
    if (offsetLeft < list.scrollLeft || offsetLeft + offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollTo({ left: offsetLeft - 16, behavior: 'smooth' });
    }
  }, [activeId]);

  if (categories.length < 2) return null;

  return (
    <nav
      ref={ref}
      aria-label={t('menu.categories')}
      className="sticky top-0 z-10 -mx-4 border-b border-stone-200 bg-stone-50 px-4 py-2"
    >
      <ul ref={listRef} className="-mx-4 flex gap-2 overflow-x-auto px-4 [scrollbar-width:none]">
        {categories.map((category) => {
          const isActive = category._id === activeId;
          return (
            <li key={category._id} className="shrink-0">
              <a
                href={`#${categorySectionId(category._id)}`}
                data-category={category._id}
                aria-current={isActive ? 'location' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  onSelect(category._id);
                }}
                className={`flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors ${
                  isActive
                    ? 'border-amber-800 bg-amber-800 text-white'
                    : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-100'
                }`}
              >
                {category.name}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
