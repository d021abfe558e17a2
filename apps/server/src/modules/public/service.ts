import { createHash } from 'node:crypto';
import type { PublicMenu } from '@quan/contract/public';
import type { MenuService } from '../menu/service';
import type { SettingsService } from '../settings/service';

/**
 * Each instance also drops its copy after this long, so the instances of a chain (which do not hear each
 * other's menu changes) agree within seconds.
 */
const CACHE_TTL_MS = 10_000;

export interface SerializedMenu {
  /** The whole response body, serialised and UTF-8 encoded once per menu version: the hot path sends bytes. */
  body: Buffer;
  etag: string;
}

/** The public menu, built and serialised once and kept until the menu or the settings change. */
export function createPublicMenu(
  menu: Pick<MenuService, 'listCategories' | 'listItems' | 'onChange'>,
  settings: Pick<SettingsService, 'get' | 'onChange'>,
) {
  let cached: { value: Promise<SerializedMenu>; builtAt: number } | null = null;
  const invalidate = () => {
    cached = null;
  };
  menu.onChange(invalidate);
  settings.onChange(invalidate);

  async function build(): Promise<SerializedMenu> {
    const [categories, items, { restaurantName }] = await Promise.all([
      menu.listCategories(),
      menu.listItems(),
      settings.get(),
    ]);
    const data: PublicMenu = {
      restaurant: { name: restaurantName },
      categories: categories
        .map((category) => ({
          _id: category._id,
          name: category.name,
          items: items
            .filter((item) => item.categoryId === category._id && item.isAvailable && !item.isSoldOut)
            .map(({ _id, name, description, price, imageUrl }) => ({ _id, name, description, price, imageUrl })),
        }))
        .filter((category) => category.items.length > 0),
    };
    const body = Buffer.from(JSON.stringify({ success: true, data }));
    return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  }

  return {
    get(): Promise<SerializedMenu> {
      if (!cached || Date.now() - cached.builtAt > CACHE_TTL_MS) {
        const value = build();
        const entry = { value, builtAt: Date.now() };
        cached = entry;
        // A failed build must not stay cached.
        value.catch(() => {
          if (cached === entry) cached = null;
        });
      }
      return cached.value;
    },
  };
}

export type PublicMenuCache = ReturnType<typeof createPublicMenu>;
