import { memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Search } from 'lucide-react';
import { useLanguage, useT } from '../../../lib/i18n';
import { isServerRendered } from '../../../lib/server-render';
import { whenIdle } from '../../../lib/when-idle';
import { CategoryBar, categorySectionId } from './CategoryBar';
import { DishCard, type DishActionComponent } from './DishCard';
import { namedIn } from './dish-language';
import { filterMenu, type PublicMenuCategory } from './menu-search';

interface MenuViewProps {
  categories: readonly PublicMenuCategory[];
  /**
   * What a diner can do with a dish on this page (the table page's cart buttons). A stable component that
   * reads what it needs from a context, so a change in the cart re-renders the buttons, not the menu.
   */
  DishAction?: DishActionComponent;
  /** Keep room on each card for actions that are still loading, so they move nothing when they come. */
  reserveDishActions?: boolean;
  /** Only the first screenful of dishes: shown while the page's own code loads, then replaced. */
  preview?: boolean;
}

// A phone shows one card per row, about 9 rem each: the height an unrendered section is assumed to have.
const estimatedSectionHeight = (dishes: number) => `auto ${4 + dishes * 9.25}rem`;

// About a screenful on any device; the rest follows a few cards at a time.
const firstScreenDishes = 9;
const dishesPerStep = 12;

function scrollToSection(section: HTMLElement) {
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (typeof section.scrollIntoView === 'function') {
    section.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  }
  // Keyboard and screen-reader users continue from the category they chose.
  section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
}

/** The categories cut to their first `count` dishes in menu order. */
function firstDishes(categories: readonly PublicMenuCategory[], count: number): PublicMenuCategory[] {
  const first: PublicMenuCategory[] = [];
  let left = count;
  for (const category of categories) {
    if (left <= 0) break;
    first.push(category.items.length <= left ? category : { ...category, items: category.items.slice(0, left) });
    left -= category.items.length;
  }
  return first;
}

/**
 * The diner's menu: a search box, the sticky category bar and a section of dish cards per category.
 * Shared by the public menu and the table ordering page. Memoised, and sections off screen are not laid out
 * (content-visibility), so a long menu costs a phone little when the page around it changes.
 */
export const MenuView = memo(function MenuView({
  categories,
  DishAction,
  reserveDishActions = false,
  preview = false,
}: MenuViewProps) {
  const t = useT();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [scrolledTo, setScrolledTo] = useState<string | undefined>();
  const barRef = useRef<HTMLElement>(null);
  const sectionRefs = useRef(new Map<string, HTMLElement>());

  const language = useLanguage();
  // Each category by its English name on a page in English (the dishes are named so by their cards).
  const visible = useMemo(
    () =>
      filterMenu(
        categories.map((category) => namedIn(category, language)),
        search,
      ),
    [categories, language, search],
  );
  const dishTotal = visible.reduce((sum, category) => sum + category.items.length, 0);
  // A long menu is put on the page a few cards per task while the browser is idle: each task stays short,
  // so the page answers a tap at once, and the dishes a phone shows first are there from the start. A page
  // the server rendered has every dish laid out already: all of them, or hydrating would cut the page short.
  const [shownDishes, setShownDishes] = useState(() =>
    isServerRendered() ? Number.POSITIVE_INFINITY : firstScreenDishes,
  );
  useEffect(() => {
    if (preview || shownDishes >= dishTotal) return;
    return whenIdle(() => setShownDishes((shown) => shown + dishesPerStep), 500);
  }, [preview, shownDishes, dishTotal]);
  const sections = useMemo(
    () => (shownDishes >= dishTotal ? visible : firstDishes(visible, shownDishes)),
    [visible, shownDishes, dishTotal],
  );
  const visibleIds = visible.map((category) => category._id).join(' ');
  const activeId = visible.some((category) => category._id === scrolledTo) ? scrolledTo : visible[0]?._id;

  // The current category is the last section whose top has passed under the sticky bar.
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const barBottom = barRef.current?.getBoundingClientRect().bottom ?? 0;
      let current: string | undefined;
      for (const id of visibleIds.split(' ')) {
        const top = sectionRefs.current.get(id)?.getBoundingClientRect().top;
        if (top !== undefined && top <= barBottom + 24) current = id;
      }
      setScrolledTo(current);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [visibleIds]);

  // A category chosen before its section is on the page: scrolled to once it is.
  const pendingCategory = useRef<string | null>(null);
  useEffect(() => {
    const section = pendingCategory.current && sectionRefs.current.get(pendingCategory.current);
    if (!section) return;
    pendingCategory.current = null;
    scrollToSection(section);
  }, [sections]);

  function showCategory(categoryId: string) {
    setScrolledTo(categoryId);
    const section = sectionRefs.current.get(categoryId);
    if (section) {
      scrollToSection(section);
    } else if (!preview) {
      pendingCategory.current = categoryId;
      setShownDishes(Number.POSITIVE_INFINITY);
    }
  }

  return (
    <div>
      <div className="relative mb-3">
        <label htmlFor={searchId} className="sr-only">
          {t('menu.search.label')}
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-500"
        />
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('menu.search.placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          className="field-input min-h-12 pl-10"
        />
      </div>
      <p role="status" className="sr-only">
        {search.trim() ? t('menu.search.found', { count: dishTotal }) : ''}
      </p>

      <CategoryBar ref={barRef} categories={visible} activeId={activeId} onSelect={showCategory} />

      {visible.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-stone-200 bg-white p-6 text-center">
          {search.trim() ? (
            <>
              <p className="text-stone-800">{t('menu.search.none', { search: search.trim() })}</p>
              <button type="button" className="btn btn-secondary mt-4" onClick={() => setSearch('')}>
                {t('menu.search.clear')}
              </button>
            </>
          ) : (
            <p className="text-stone-800">{t('menu.empty')}</p>
          )}
        </div>
      ) : (
        sections.map((category) => (
          <section
            key={category._id}
            id={categorySectionId(category._id)}
            ref={(element) => {
              if (element) sectionRefs.current.set(category._id, element);
              else sectionRefs.current.delete(category._id);
            }}
            aria-labelledby={`${categorySectionId(category._id)}-title`}
            className="scroll-mt-16 pt-5 [content-visibility:auto]"
            style={{ containIntrinsicSize: estimatedSectionHeight(category.items.length) }}
          >
            <h2
              id={`${categorySectionId(category._id)}-title`}
              tabIndex={-1}
              className="mb-3 text-xl font-bold tracking-tight text-stone-900 focus:outline-none"
            >
              {category.name}
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {category.items.map((item) => (
                <li key={item._id}>
                  <DishCard item={item} Action={DishAction} reserveAction={reserveDishActions || !!DishAction} />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
});
