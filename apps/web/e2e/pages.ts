import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { Person } from './seed';

/** "151.200 ₫" whatever spaces Intl puts in. */
export const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/**
 * Opens pages in fresh browser contexts, each with its own cookies and storage, like separate devices, and
 * closes them all at the end. The browser and the server's address are read when a page opens, since a
 * journey starts them in `beforeAll`.
 */
export function pageOpener(browser: () => Browser, baseUrl: () => string) {
  const contexts: BrowserContext[] = [];

  async function open(options: BrowserContextOptions): Promise<Page> {
    const context = await browser().newContext(options);
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }

  return {
    /** A diner's phone: nobody signed in, a small touch screen. */
    phone: () => open({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true }),

    /** A browser nobody is signed in on, at this size (a diner's laptop or tablet as much as a phone). */
    guest: (viewport: { width: number; height: number }) => open({ viewport }),

    /** A staff device signed in through the sign-in form, on the home page. */
    async signedIn(person: Person, viewport: { width: number; height: number }): Promise<Page> {
      const page = await open({ viewport });
      await page.goto(`${baseUrl()}/auth`);
      await page.getByLabel('Email').fill(person.email);
      await page.getByLabel('Password').fill(person.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      return page;
    },

    async closeAll(): Promise<void> {
      for (const context of contexts.splice(0)) await context.close();
    },
  };
}

/**
 * A diner page the server rendered is plain HTML until the diner first touches it; then the app takes it over
 * and, once the browser is idle, opens the live connection. Touches the page's heading (a tap that does
 * nothing else) and waits for that connection.
 */
export async function touchUntilLive(page: Page): Promise<void> {
  await Promise.all([
    page.waitForEvent('websocket', { timeout: 30_000 }),
    page.getByRole('heading', { level: 1 }).first().tap(),
  ]);
}
