import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { PublicMenu } from '@quan/contract/public';
import type { EventBus } from '../../events/bus';
import { createEventCachedValue } from '../../events/cache';
import type { MenuService } from '../menu/service';
import type { SettingsService } from '../settings/service';

export interface SerializedMenu {
  /** The whole response body, serialised and UTF-8 encoded once per menu version: the hot path sends bytes. */
  body: Buffer;
  etag: string;
  /**
   * The body compressed once per menu version, for the browsers that accept it (a phone on a slow network
   * gets about a fifth of the bytes). Absent when compressing would not make it smaller.
   */
  compressed: { br?: Buffer; gzip?: Buffer };
}

const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

/** Compressed off the event loop; only when the body changed, since the cache is rebuilt every few seconds. */
async function compress(body: Buffer): Promise<SerializedMenu['compressed']> {
  const [br, gz] = await Promise.all([
    toBrotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    toGzip(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { ...(br.length < body.length ? { br } : {}), ...(gz.length < body.length ? { gzip: gz } : {}) };
}

/** The public menu, built and serialised once and kept until the menu or the settings change. */
export function createPublicMenu(
  menu: Pick<MenuService, 'listCategories' | 'listItems'>,
  settings: Pick<SettingsService, 'get'>,
  bus: Pick<EventBus, 'on'>,
) {
  /** The last menu built, whose compressed bodies the next build reuses when nothing changed. */
  let previous: SerializedMenu | null = null;

  async function build(): Promise<SerializedMenu> {
    const [categories, items, { restaurantName, reservations }] = await Promise.all([
      menu.listCategories(),
      menu.listItems(),
      settings.get(),
    ]);
    const data: PublicMenu = {
      restaurant: { name: restaurantName, booking: reservations.publicBooking },
      categories: categories
        .map((category) => ({
          _id: category._id,
          name: category.name,
          nameEn: category.nameEn ?? null,
          items: items
            .filter((item) => item.categoryId === category._id && item.isAvailable && !item.isSoldOut)
            .map(({ _id, name, description, nameEn, descriptionEn, price, imageUrl, optionGroups }) => ({
              _id,
              name,
              description,
              nameEn: nameEn ?? null,
              descriptionEn: descriptionEn ?? null,
              price,
              imageUrl,
              optionGroups,
            })),
        }))
        .filter((category) => category.items.length > 0),
    };
    const body = Buffer.from(JSON.stringify({ success: true, data }));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    const compressed = previous?.etag === etag ? previous.compressed : await compress(body);
    previous = { body, etag, compressed };
    return previous;
  }

  // The settings too: the restaurant's name is on it.
  const cached = createEventCachedValue({ bus, load: build, staleOn: ['menu.changed', 'settings.changed'] });

  return {
    get: (): Promise<SerializedMenu> => cached.get(),
    /** The menu when a fresh one is built already, without waiting (the hot path of GET /api/public-menu). */
    current: (): SerializedMenu | null => cached.peek() ?? null,
  };
}

export type PublicMenuCache = ReturnType<typeof createPublicMenu>;
