import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import type { PublicMenu } from '@quan/contract/public';
import { createDinerSocket } from '../../../lib/socket';
import { createFakeDinerSocket } from '../../../test/fake-diner-socket';
import {
  installFakeFetch,
  okData,
  refusal,
  type FakeFetchAnswer,
  type FakeFetchRequest,
} from '../../../test/fake-fetch';
import { makePublicMenu, makePublicOrder } from '../../../test/data/diner';

// What the table ordering page's tests share: table 4's link, the order the server places, the fake server and
// the page's parts a diner taps.

export const tableKey = 'qr-key-of-table-4';
export const tablePath = `/table/4?key=${tableKey}`;
export const placedOrder = { ...makePublicOrder(), trackingToken: 'tracking-secret' };
export const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Handler = (request: FakeFetchRequest) => FakeFetchAnswer;
export interface TableHandlers {
  order?: Handler;
  table?: Handler;
  publicOrder?: Handler;
}

/**
 * The diner's server: the menu as `menu()` reads at each request (a test may change it mid-way), table 4, and
 * the placed order, each replaced by a handler where a test needs another answer.
 */
export function serveTable(menu: () => PublicMenu, { order, table, publicOrder }: TableHandlers = {}) {
  return installFakeFetch((request) => {
    if (request.url === '/api/public-menu') return okData(menu());
    if (request.url.startsWith('/api/public/tables/')) return table?.(request) ?? okData({ tableNo: 4, seats: 4 });
    if (request.method === 'POST' && request.url === '/api/order') return order?.(request) ?? okData(placedOrder, 201);
    if (request.url.startsWith('/api/public/orders/')) return publicOrder?.(request) ?? okData(makePublicOrder());
    return refusal(404, `No route ${request.url}`);
  });
}

/**
 * One test's world, set up afresh before each test of the describe that calls it: the diner's socket (the file
 * must mock '../../../lib/socket', which vitest hoists per file), the standard menu a test may replace, and the
 * fake server once `serve()` installs it.
 */
export function tableOrderingScene() {
  let fake: ReturnType<typeof installFakeFetch> | undefined;
  let socket: ReturnType<typeof createFakeDinerSocket>;
  let menu: PublicMenu;
  const served = () => {
    if (!fake) throw new Error('The test reads the fake server before serve() installed it');
    return fake;
  };

  beforeEach(() => {
    socket = createFakeDinerSocket();
    vi.mocked(createDinerSocket).mockResolvedValue(socket.socket);
    menu = makePublicMenu();
  });
  afterEach(() => {
    fake?.restore();
    fake = undefined;
    sessionStorage.clear();
    vi.restoreAllMocks();
  });

  return {
    get fake() {
      return served();
    },
    get socket() {
      return socket;
    },
    get menu() {
      return menu;
    },
    set menu(next: PublicMenu) {
      menu = next;
    },
    serve(handlers?: TableHandlers) {
      fake = serveTable(() => menu, handlers);
      return fake;
    },
    /** The orders the page sent, in order. */
    orderPosts() {
      return served().requests.filter((request) => request.method === 'POST');
    },
  };
}

export const cardOf = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('article')!;

export async function openCart() {
  await userEvent.click(screen.getByRole('button', { name: /View your order/ }));
  return screen.getByRole('dialog', { name: 'Your order · Table 4' });
}

export async function orderOnePho() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add Phở bò' }));
  const cart = await openCart();
  await userEvent.click(within(cart).getByRole('button', { name: 'Place order' }));
}
