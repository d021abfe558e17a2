import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { pageOpener } from './pages';
import { apiClient, type Person } from './seed';
import { startServer, type RunningServer } from './server';

type Api = ReturnType<typeof apiClient>;

export interface JourneyOptions {
  /** The server's environment beyond the defaults of `startServer` (e.g. the restaurant's language). */
  env?: Record<string, string>;
  /** The first account: registered (so it is the admin) and signed in over the API before `seed` runs. */
  owner?: Person;
  /** Sets the scene over the API once the server runs: accounts, the menu, settings. */
  seed?: (scene: { api: Api; ownerToken: string; server: RunningServer }) => Promise<void>;
}

export interface Journey {
  /** The server of the journey: its address, and crash and restart; started before the first test. */
  server: RunningServer;
  /** Pages in fresh browser contexts (separate devices), closed when the journey ends. */
  pages: ReturnType<typeof pageOpener>;
  /** The Chromium the pages open in, once launched (for contexts a journey sets up itself). */
  readonly browser: Browser;
  /**
   * Stops something the journey started itself (another browser, a folder): after its tests, the last registered
   * first, before the browser and the server.
   */
  onStop(stop: () => Promise<unknown> | unknown): void;
}

/** Generous: a busy two-core machine builds the embedded database and starts Chromium slowly. */
const SET_UP_MS = 180_000;
const TEAR_DOWN_MS = 60_000;

/**
 * The set-up every browser journey shares, registered in the `describe` that calls it: before its tests, the
 * built server (on a free port, fresh data) and Chromium start side by side, the owner signs up and in, and
 * `seed` sets the scene; after them, the pages, whatever the journey asked to stop, the browser and the server
 * are closed, each whatever happened before it, even when a test or the set-up failed.
 */
export function journey(options: JourneyOptions = {}): Journey {
  let running: RunningServer | undefined;
  let browser: Browser | undefined;
  const stops: (() => Promise<unknown> | unknown)[] = [];

  const started = (): RunningServer => {
    if (!running) throw new Error('The journey has not started its server (its beforeAll failed or has not run)');
    return running;
  };
  // A stand-in that is there from the start: the describe's code can hold it before the server runs.
  const server: RunningServer = {
    get url() {
      return started().url;
    },
    crash: () => started().crash(),
    restart: () => started().restart(),
    stop: () => started().stop(),
  };
  const launched = (): Browser => {
    if (!browser) throw new Error('The journey has not launched its browser (its beforeAll failed or has not run)');
    return browser;
  };
  const pages = pageOpener(launched, () => server.url);

  beforeAll(async () => {
    // Both awaited whatever the other does, so that afterAll stops the one that started when the other failed.
    const [serverStart, browserLaunch] = await Promise.allSettled([startServer(options.env), launchBrowser()]);
    if (serverStart.status === 'fulfilled') running = serverStart.value;
    if (browserLaunch.status === 'fulfilled') browser = browserLaunch.value;
    if (serverStart.status === 'rejected') throw serverStart.reason;
    if (browserLaunch.status === 'rejected') throw browserLaunch.reason;

    const api = apiClient(server.url);
    let ownerToken = '';
    if (options.owner) {
      await api.register(options.owner);
      ownerToken = await api.signIn(options.owner);
    }
    await options.seed?.({ api, ownerToken, server });
  }, SET_UP_MS);

  afterAll(async () => {
    // Closing what ran in the browser may fail once a test broke it: said, not failed on, and the rest still
    // closes. A server that did not stop fails the file, as it would outlive it.
    const attempt = async (what: string, step: () => Promise<unknown> | unknown) => {
      try {
        await step();
      } catch (error) {
        console.warn(`journey: could not close ${what}:`, error);
      }
    };
    await attempt('its pages', () => pages.closeAll());
    for (const stop of stops.splice(0).reverse()) await attempt('what it started', stop);
    await attempt('the browser', () => browser?.close());
    await running?.stop();
  }, TEAR_DOWN_MS);

  return {
    server,
    pages,
    get browser() {
      return launched();
    },
    onStop(stop) {
      stops.push(stop);
    },
  };
}
