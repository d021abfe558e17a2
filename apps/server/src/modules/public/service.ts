import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { PublicMenu } from '@quan/contract/public';
import type { EventBus } from '../../events/bus';
import { createEventCache } from '../../events/cache';
import type { MenuService } from '../menu/service';
import type { SettingsService } from '../settings/service';
import type { DinerBranch, DinerBranches } from './diner-branch';

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

/**
 * Each branch's public menu (its prices, without the dishes it does not sell), built and serialised once and
 * kept until the menu or the settings (a branch's among them) change.
 */
export function createPublicMenu(
  menu: Pick<MenuService, 'listCategories' | 'listItems'>,
  settings: Pick<SettingsService, 'get'>,
  branches: Pick<DinerBranches, 'all'>,
  bus: Pick<EventBus, 'on'>,
) {
  /** Each branch's last menu built, whose compressed bodies the next build reuses when nothing changed. */
  const previous = new Map<string, SerializedMenu>();

  async function build(branchId: string): Promise<SerializedMenu> {
    const [categories, items, { restaurantName, reservations }, all] = await Promise.all([
      menu.listCategories(),
      menu.listItems(branchId),
      settings.get(branchId),
      branches.all(),
    ]);
    const branch = all.find((one) => one.id === branchId);
    const publicBranch = async ({ id, name, slug, address, phone }: DinerBranch) => ({
      name,
      slug,
      address,
      phone,
      booking: (await settings.get(id)).reservations.publicBooking,
    });
    const data: PublicMenu = {
      restaurant: {
        name: restaurantName,
        booking: reservations.publicBooking,
        // A restaurant of one branch keeps the menu it always had; a chain's says which branch and lists them all.
        ...(all.length > 1 && branch
          ? { branch: await publicBranch(branch), branches: await Promise.all(all.map(publicBranch)) }
          : {}),
      },
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
    const before = previous.get(branchId);
    const compressed = before?.etag === etag ? before.compressed : await compress(body);
    const built = { body, etag, compressed };
    previous.set(branchId, built);
    return built;
  }

  // The settings too: the restaurant's name is on it, and a branch's changes are recorded as settings.
  const cached = createEventCache({
    bus,
    load: build,
    staleOn: { 'menu.changed': 'all', 'settings.changed': 'all' },
    maxEntries: 1000,
  });

  return {
    get: (branchId: string): Promise<SerializedMenu> => cached.get(branchId),
    /** The branch's menu when a fresh one is built already, without waiting (the hot path of GET /api/public-menu). */
    current: (branchId: string): SerializedMenu | null => cached.peek(branchId) ?? null,
  };
}

export type PublicMenuCache = ReturnType<typeof createPublicMenu>;
