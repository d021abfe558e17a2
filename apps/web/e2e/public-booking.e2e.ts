import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { defaultReservationSettings, type Reservation } from '@quan/contract/reservations';
import { hasBrowser } from './browser';
import { journey } from './journey';
import { plain } from './pages';
import type { apiClient, Person } from './seed';

const owner: Person = {
  name: 'Lê Văn Phúc',
  email: 'phuc.owner@example.test',
  phone: '0908777666',
  password: 'com-tam-suon-bi-cha',
};

/** Tomorrow in the restaurant (Asia/Ho_Chi_Minh), as the day's book asks for it: "2026-11-28". */
const tomorrow = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date(Date.now() + 24 * 3_600_000));

/** Open round the clock, every day: the journey books at whatever hour it runs. */
const allDay = Array.from({ length: 7 }, () => [{ from: '00:00', to: '24:00' }]);

/** The words of the guest's booking page that say where it stands. */
async function statusText(page: Page): Promise<string> {
  return plain(await page.getByRole('status').first().textContent());
}

/**
 * What axe (WCAG 2.0–2.2 A/AA and best practices, as page-checks.e2e.ts runs it) finds on the page as it stands,
 * and whether it is wider than the phone.
 */
async function pageProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const found = await page.evaluate(async () => {
    const { axe: inPage } = window as unknown as { axe: typeof axe };
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
    const results = await inPage.run(document, { runOnly: { type: 'tag', values: tags } });
    return results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  });
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  return scrollWidth > innerWidth ? [...found, `${scrollWidth} px wide`] : found;
}

describe.skipIf(!hasBrowser)('a guest books a table online', () => {
  let ownerToken = '';
  let api: ReturnType<typeof apiClient>;
  const { server, pages } = journey({
    owner,
    seed: async ({ api: client, ownerToken: token }) => {
      api = client;
      ownerToken = token;
      await api.seedRestaurant(ownerToken, [{ name: 'Cơm tấm sườn', price: 55_000 }], 4);
      await api.call(
        'PUT',
        '/api/settings',
        { reservations: { ...defaultReservationSettings, publicBooking: true, openingHours: allDay } },
        ownerToken,
      );
    },
  });

  it(
    'asks for a table from a phone, is accepted on a tablet, follows the answer, then cancels',
    { timeout: 180_000 },
    async () => {
      // The host's tablet is on the day's book when the request comes in.
      const host = await pages.signedIn(owner, { width: 1280, height: 900 });
      await host.goto(`${server!.url}/reservations`);
      await host.getByRole('heading', { level: 1, name: 'Reservations' }).waitFor({ timeout: 60_000 });

      const phone = await pages.phone();
      await phone.goto(`${server!.url}/landing`);
      await phone.getByRole('link', { name: 'Book a table' }).tap();
      await phone.getByRole('heading', { level: 1, name: 'Book a table' }).waitFor({ timeout: 30_000 });

      // Two guests (the form starts there), tomorrow, the first free time.
      await phone.getByText('2 guests', { exact: true }).waitFor();
      await phone.getByRole('button', { name: 'Tomorrow' }).tap();
      const firstFree = phone.getByRole('button', { name: /^\d\d:\d\d$/ }).first();
      const time = plain(await firstFree.textContent());
      await firstFree.tap();
      expect(await firstFree.getAttribute('aria-pressed')).toBe('true');
      expect(await pageProblems(phone)).toEqual([]);
      await phone.getByRole('textbox', { name: 'Your name' }).fill('Chị Lan');
      await phone.getByRole('textbox', { name: 'Phone number' }).fill('0903 111 222');
      await phone.getByRole('button', { name: 'Ask for this table' }).tap();

      // The guest's own page: it waits for the restaurant.
      await phone.waitForURL(/\/booking\/[A-Za-z0-9_-]{43}$/);
      await phone.getByText('Waiting for the restaurant to confirm').waitFor();
      expect(plain(await phone.locator('main').textContent())).toContain(`· ${time}`);
      expect(await statusText(phone)).toBe('Waiting for the restaurant to confirm');
      expect(await pageProblems(phone)).toEqual([]);

      // The request reaches the tablet live, with the table the server chose; the host accepts it.
      const request = host.getByRole('article', { name: /, Chị Lan$/ });
      await request.waitFor({ timeout: 30_000 });
      expect(plain(await request.textContent())).toContain('0903111222');
      await request.getByRole('button', { name: 'Accept' }).click();
      await request.waitFor({ state: 'detached', timeout: 30_000 });

      // The guest's page asks again by itself while it waits (every 20 s): no reload needed.
      await phone.getByText('Your table is booked. See you soon!').waitFor({ timeout: 60_000 });
      expect(await statusText(phone)).toBe('Confirmed');

      // The guest cannot come after all.
      await phone.getByRole('button', { name: 'Cancel booking' }).tap();
      await phone.getByRole('button', { name: 'Yes, cancel it' }).tap();
      await phone.getByText('This booking is cancelled.').waitFor();
      expect(await statusText(phone)).toBe('Cancelled');
      expect(await phone.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);

      // The staff see it cancelled too, and its table free again.
      const [booking] = (
        await api.call<Reservation[]>('GET', `/api/reservations?date=${tomorrow()}`, undefined, ownerToken)
      ).filter((each) => each.name === 'Chị Lan');
      expect(booking?.status).toBe('cancelled');
    },
  );
});
