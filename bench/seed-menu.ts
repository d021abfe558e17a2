/**
 * Seeds a running server over its HTTP API the way a restaurant would: the first account (which becomes
 * the admin), a menu of categories and dishes, tables. Shared by bench/public-menu.ts and bench/lighthouse.ts,
 * so both measure the same menu.
 */

/** One call to the API, answered with the status it should have; returns the envelope's `data`. */
export async function api<T>(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: { body?: object; token?: string; expectedStatus?: number } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const expected = options.expectedStatus ?? 200;
  if (response.status !== expected) {
    throw new Error(`${method} ${path} answered ${response.status} (wanted ${expected}): ${text.slice(0, 300)}`);
  }
  return (JSON.parse(text) as { data: T }).data;
}

/** Registers the first account (the admin) and signs in; returns the Bearer token. */
export async function signUpAdmin(baseUrl: string): Promise<string> {
  const account = {
    name: 'Bench Admin',
    email: `bench.${process.pid}@example.test`,
    phone: '0900000000',
    password: 'correct-horse-42',
  };
  await api(baseUrl, 'POST', '/api/user/register', { body: account, expectedStatus: 201 });
  const { token } = await api<{ token: string }>(baseUrl, 'POST', '/api/user/login', {
    body: { email: account.email, password: account.password },
  });
  return token;
}

const CATEGORIES = [
  { name: 'Khai vị', dish: 'Gỏi cuốn tôm thịt', about: 'Rice paper rolls with prawns, pork, herbs and peanut sauce' },
  { name: 'Phở & bún', dish: 'Phở bò tái', about: 'Beef noodle soup, rare slices, twelve-hour broth, fresh herbs' },
  { name: 'Cơm', dish: 'Cơm tấm sườn', about: 'Broken rice with grilled pork chop, pickles and fish sauce' },
  { name: 'Món nướng', dish: 'Bò lá lốt', about: 'Minced beef grilled in betel leaves, with vermicelli and greens' },
  { name: 'Lẩu', dish: 'Lẩu thái hải sản', about: 'Hot and sour seafood hotpot for two, with vegetables and noodles' },
  { name: 'Rau', dish: 'Rau muống xào tỏi', about: 'Water spinach stir-fried with plenty of garlic' },
  {
    name: 'Tráng miệng',
    dish: 'Chè ba màu',
    about: 'Three-colour dessert: beans, jelly, coconut milk and crushed ice',
  },
  { name: 'Đồ uống', dish: 'Cà phê sữa đá', about: 'Dark-roast drip coffee with condensed milk over ice' },
];

export interface SeededMenu {
  categories: number;
  items: number;
  /** Dishes offered with option groups (every dish but the desserts). */
  itemsWithOptions: number;
}

/** The option groups a real menu has: a size for the food, toppings, and the usual preferences. */
const OPTION_GROUPS = {
  size: {
    name: 'Size',
    minSelected: 1,
    maxSelected: 1,
    options: [{ name: 'Nhỏ', priceDelta: -5_000 }, { name: 'Vừa' }, { name: 'Lớn', priceDelta: 10_000 }],
  },
  toppings: {
    name: 'Topping',
    maxSelected: 3,
    options: [
      { name: 'Thêm trứng', priceDelta: 5_000 },
      { name: 'Thêm thịt', priceDelta: 20_000 },
      { name: 'Quẩy', priceDelta: 3_000 },
    ],
  },
  preferences: {
    name: 'Preferences',
    maxSelected: 4,
    options: [{ name: 'Không hành' }, { name: 'Ít cay' }, { name: 'Ít đá' }, { name: 'Ít đường' }],
  },
};

/**
 * Creates `categories` categories (at most 8) of `itemsPerCategory` available dishes each, with Vietnamese
 * names, an English description and a whole-VND price; no images (the pages show their placeholder).
 */
export async function seedMenu(
  baseUrl: string,
  token: string,
  categories = 8,
  itemsPerCategory = 10,
): Promise<SeededMenu> {
  if (categories > CATEGORIES.length) throw new Error(`At most ${CATEGORIES.length} categories`);
  const groups: Record<keyof typeof OPTION_GROUPS, string> = { size: '', toppings: '', preferences: '' };
  for (const key of Object.keys(OPTION_GROUPS) as (keyof typeof OPTION_GROUPS)[]) {
    const group = await api<{ _id: string }>(baseUrl, 'POST', '/api/option-group', {
      token,
      body: OPTION_GROUPS[key],
      expectedStatus: 201,
    });
    groups[key] = group._id;
  }
  let items = 0;
  let itemsWithOptions = 0;
  for (const [c, category] of CATEGORIES.slice(0, categories).entries()) {
    const { _id: categoryId } = await api<{ _id: string }>(baseUrl, 'POST', '/api/category', {
      token,
      body: { name: category.name, description: `${category.name} of the house`, sortOrder: c },
      expectedStatus: 201,
    });
    const optionGroupIds =
      category.name === 'Tráng miệng'
        ? []
        : category.name === 'Đồ uống'
          ? [groups.size, groups.preferences]
          : [groups.size, groups.toppings, groups.preferences];
    for (let i = 1; i <= itemsPerCategory; i++) {
      if (optionGroupIds.length > 0) itemsWithOptions++;
      await api(baseUrl, 'POST', '/api/item', {
        token,
        body: {
          name: `${category.dish} ${i}`,
          description: `${category.about} (${i}).`,
          price: 25_000 + ((c * itemsPerCategory + i) % 12) * 5_000,
          categoryId,
          isAvailable: true,
          optionGroupIds,
        },
        expectedStatus: 201,
      });
      items++;
    }
  }
  return { categories, items, itemsWithOptions };
}

/** Creates a table; returns the key its QR code carries. */
export async function createTable(baseUrl: string, token: string, tableNo: number, seats = 4): Promise<string> {
  const table = await api<{ qrKey: string }>(baseUrl, 'POST', '/api/table', {
    token,
    body: { tableNo, seats },
    expectedStatus: 201,
  });
  return table.qrKey;
}
