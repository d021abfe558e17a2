import { describe, expect, it } from 'vitest';
import { hasBrowser } from './browser';
import { journey } from './journey';
import { plain } from './pages';
import { type Person } from './seed';

const owner: Person = {
  name: 'Trần Thị Hạnh',
  email: 'hanh.owner@example.test',
  phone: '0908444555',
  password: 'lau-thai-chua-cay',
};

/** Tomorrow in the restaurant (Asia/Ho_Chi_Minh), as the date field writes it in English: "27/11/2026". */
function tomorrowInRestaurant(): string {
  const tomorrow = new Date(Date.now() + 24 * 3_600_000);
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Ho_Chi_Minh' }).format(tomorrow);
}

describe.skipIf(!hasBrowser)('a reservation with a pre-order', () => {
  const { server, pages } = journey({
    owner,
    seed: async ({ api, ownerToken: token }) => {
      await api.seedRestaurant(
        token,
        [
          { name: 'Lẩu thái', price: 350_000 },
          { name: 'Trà đá', price: 5_000 },
        ],
        6,
      );
      await api.call('POST', '/api/table', { tableNo: 7, seats: 6 }, token);
    },
  });

  it('books table 7 for 19:00 with a hotpot; the kitchen gets it only when the guests arrive', async () => {
    const kitchen = await pages.signedIn(owner, { width: 1366, height: 900 });
    await kitchen.goto(`${server.url}/orders`);
    await kitchen.getByRole('button', { name: 'Kitchen' }).click();

    // A guest calls: six people tomorrow at 19:00, table 7, a hotpot ready when they sit down.
    const host = await pages.signedIn(owner, { width: 1280, height: 900 });
    await host.goto(`${server.url}/tables`);
    await host.getByRole('link', { name: 'Reservations' }).click();
    await host.getByRole('heading', { level: 1, name: 'Reservations' }).waitFor();
    await host.getByRole('button', { name: 'New booking' }).click();
    const form = host.getByRole('dialog', { name: 'New booking' });
    await form.getByRole('textbox', { name: 'Guest name' }).fill('Anh Tùng');
    await form.getByRole('textbox', { name: /^Phone/ }).fill('0901234567');
    await form.getByRole('spinbutton', { name: 'Guests' }).fill('6');
    const day = form.getByRole('textbox', { name: 'Day' });
    await day.fill(tomorrowInRestaurant());
    await day.press('Tab');
    await form.getByLabel('Time').fill('19:00');
    await form.getByRole('button', { name: 'Table 7 · 6 seats' }).click();
    await form.getByRole('combobox', { name: 'Dish' }).selectOption({ label: 'Lẩu thái · 350.000 ₫' });
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await form.getByRole('button', { name: 'Book' }).click();
    await form.waitFor({ state: 'detached' });

    // The book shows it on tomorrow's page; the kitchen has nothing to cook.
    const bookDay = host.getByRole('textbox', { name: 'Day' });
    await bookDay.fill(tomorrowInRestaurant());
    await bookDay.press('Tab');
    const card = host.getByRole('article', { name: /Anh Tùng$/ });
    await card.waitFor();
    expect(plain(await card.textContent())).toContain(
      'Ordered ahead: 1× Lẩu thái (350.000 ₫) · to the kitchen when they arrive',
    );
    expect(await kitchen.getByRole('article', { name: /Table 7/ }).count()).toBe(0);

    // They arrive: the table is theirs and the hotpot goes to the kitchen as the order's first round.
    await card.getByRole('button', { name: 'Arrived' }).click();
    const ticket = kitchen.getByRole('article', { name: /^#1001 · Table 7/ });
    await ticket.waitFor();
    expect(plain(await ticket.textContent())).toContain('Lẩu thái');
    await card.getByText('Seated').waitFor();
    expect(plain(await card.textContent())).toContain('sent to the kitchen');
  });
});
