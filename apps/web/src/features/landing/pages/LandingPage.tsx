import { ArrowRight, Coffee, CookingPot, MapPin, QrCode, Salad, Soup } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { BrandIcon } from '../../../components/BrandIcon';
import { dinerPath } from '../../../lib/diner-branch';
import { usePublicMenu } from '../../public-menu/api/get-public-menu';

// Shown until the public menu says the restaurant's name (and if it cannot be loaded): the default name.
const fallbackRestaurantName = 'Quán Ngon';

// The dishes' names are Vietnamese in every language; their descriptions are message ids.
const dishes: { name: string; description: string; icon: LucideIcon }[] = [
  { name: 'Phở & bún', description: 'landing.dish.noodles', icon: Soup },
  { name: 'Cơm', description: 'landing.dish.rice', icon: CookingPot },
  { name: 'Gỏi cuốn', description: 'landing.dish.rolls', icon: Salad },
  { name: 'Cà phê & chè', description: 'landing.dish.drinks', icon: Coffee },
];

/** The steps of ordering from a table, as message ids. */
const steps = ['landing.order.step.seat', 'landing.order.step.scan', 'landing.order.step.choose'];

export function LandingPage() {
  // The same call as the menu page: it also warms the browser's copy for the "See the menu" tap.
  const menu = usePublicMenu(null);
  const t = useT();
  const restaurantName = menu.data?.restaurant.name || fallbackRestaurantName;
  usePageTitle(restaurantName);
  // Listed only when the restaurant has several: a restaurant of one branch sees its page as it always was.
  const branches = menu.data?.restaurant.branches ?? [];

  return (
    <div className="min-h-dvh bg-amber-50 text-stone-900">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-4">
        <span className="flex items-center gap-2 text-lg font-bold">
          <BrandIcon />
          {restaurantName}
        </span>
        <Link
          to="/auth"
          className="rounded-lg px-3 py-2 text-sm font-medium text-stone-700 hover:bg-amber-100 hover:text-stone-900"
        >
          {t('landing.staffSignIn')}
        </Link>
      </header>

      <main>
        <section className="mx-auto grid max-w-6xl items-center gap-10 px-4 pt-8 pb-16 md:grid-cols-2 md:pt-16">
          <div>
            <p className="text-sm font-semibold tracking-wide text-amber-800 uppercase">{t('landing.tagline')}</p>
            <h1 className="mt-3 text-5xl font-extrabold tracking-tight sm:text-6xl">{restaurantName}</h1>
            <p className="mt-5 max-w-md text-lg text-stone-700">{t('landing.intro')}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/public-menu" className="btn btn-primary px-6 py-3 text-base">
                {t('landing.seeMenu')}
                <ArrowRight aria-hidden="true" className="size-5" />
              </Link>
              {/* Only when the restaurant takes bookings online; the server renders it from the same menu. */}
              {menu.data?.restaurant.booking && (
                <Link to="/book" className="btn btn-secondary px-6 py-3 text-base">
                  {t('landing.book')}
                </Link>
              )}
            </div>
          </div>
          <div aria-hidden="true" className="relative mx-auto aspect-square w-full max-w-sm">
            <div className="absolute inset-0 rounded-full bg-gradient-to-br from-amber-300 via-orange-400 to-red-500 opacity-90" />
            <div className="absolute inset-8 flex items-center justify-center rounded-full bg-amber-50/90">
              <Soup className="size-32 text-amber-800" strokeWidth={1.25} />
            </div>
          </div>
        </section>

        {branches.length > 1 && (
          <section aria-labelledby="branches-title" className="mx-auto max-w-6xl px-4 pb-16">
            <h2 id="branches-title" className="text-3xl font-bold tracking-tight">
              {t('landing.branches.title')}
            </h2>
            <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {branches.map((branch, index) => {
                // The first branch keeps the original addresses, which its printed QR codes and links use.
                const slug = index === 0 ? null : branch.slug;
                return (
                  <li key={branch.slug} className="rounded-2xl border border-amber-200 bg-white p-5">
                    <h3 className="text-lg font-semibold">{branch.name}</h3>
                    {branch.address && (
                      <p className="mt-1 flex items-start gap-1.5 text-sm text-stone-700">
                        <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                        {branch.address}
                      </p>
                    )}
                    {branch.phone && <p className="mt-1 text-sm text-stone-700">{branch.phone}</p>}
                    <div className="mt-4 flex flex-wrap gap-2">
                      <Link
                        to={dinerPath(slug, '/public-menu')}
                        className="btn btn-secondary"
                        aria-label={t('landing.branch.menu', { branch: branch.name })}
                      >
                        {t('landing.seeMenu')}
                      </Link>
                      {branch.booking && (
                        <Link
                          to={dinerPath(slug, '/book')}
                          className="btn btn-secondary"
                          aria-label={t('landing.branch.book', { branch: branch.name })}
                        >
                          {t('landing.book')}
                        </Link>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        )}

        <section aria-labelledby="dishes-title" className="bg-white py-16">
          <div className="mx-auto max-w-6xl px-4">
            <h2 id="dishes-title" className="text-3xl font-bold tracking-tight">
              {t('landing.dishes.title')}
            </h2>
            <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {dishes.map(({ name, description, icon: Icon }) => (
                <li key={name} className="rounded-2xl border border-amber-100 bg-amber-50/60 p-5">
                  <Icon aria-hidden="true" className="size-8 text-amber-800" />
                  <h3 className="mt-3 text-lg font-semibold">{name}</h3>
                  <p className="mt-1 text-sm text-stone-700">{t(description)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="order-title" className="mx-auto max-w-6xl px-4 py-16">
          <div className="flex flex-col gap-8 rounded-3xl bg-stone-900 p-8 text-stone-50 md:flex-row md:items-center md:p-12">
            <QrCode aria-hidden="true" className="size-16 shrink-0 text-amber-400" />
            <div>
              <h2 id="order-title" className="text-2xl font-bold">
                {t('landing.order.title')}
              </h2>
              <ol className="mt-4 list-inside list-decimal space-y-1 text-stone-300">
                {steps.map((step) => (
                  <li key={step}>{t(step)}</li>
                ))}
              </ol>
            </div>
          </div>
        </section>
      </main>

      <footer className="border-t border-amber-200 py-6 text-center text-sm text-stone-600">
        {t('landing.footer', { restaurant: restaurantName })}
      </footer>
    </div>
  );
}
