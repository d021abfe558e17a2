import type { Item } from '@quan/contract/menu';
import type { Table } from '@quan/contract/table';
import type { User } from '@quan/contract/user';

export interface Person {
  name: string;
  email: string;
  phone: string;
  password: string;
}

/** Calls the running server's API the way any client would, to set a scene up quickly. */
export function apiClient(baseUrl: string) {
  async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as { success: boolean; data: T; message?: string };
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${json.message}`);
    return json.data;
  }

  return {
    call,
    async register(person: Person): Promise<User> {
      return call<User>('POST', '/api/user/register', person);
    },
    async signIn(person: Person): Promise<string> {
      return (
        await call<{ token: string }>('POST', '/api/user/login', { email: person.email, password: person.password })
      ).token;
    },
    /**
     * A restaurant that adds the VAT on top of its menu prices and takes cash to the đồng, as every restaurant
     * did before those settings: the journeys written for its arithmetic keep it.
     */
    async addVatOnTop(token: string) {
      await call('PUT', '/api/settings', { pricesIncludeTax: false, cashRounding: 0 }, token);
    },
    /** A category with these dishes, and tables numbered from 1; as a manager or admin. */
    async seedRestaurant(token: string, dishes: { name: string; price: number }[], tableCount: number) {
      const category = await call<{ _id: string }>('POST', '/api/category', { name: 'Món chính' }, token);
      const items: Item[] = [];
      for (const dish of dishes)
        items.push(await call<Item>('POST', '/api/item', { ...dish, categoryId: category._id }, token));
      const tables: Table[] = [];
      for (let tableNo = 1; tableNo <= tableCount; tableNo++) {
        tables.push(await call<Table>('POST', '/api/table', { tableNo, seats: 4 }, token));
      }
      return { items, tables };
    },
  };
}
