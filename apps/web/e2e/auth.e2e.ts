import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './browser';
import { journey } from './journey';

const admin = {
  name: 'Lê Minh Quân',
  email: 'quan.owner@example.test',
  phone: '0901 111 222',
  password: 'pho-bo-tai-2026',
};
const cook = {
  name: 'Phạm Thu Hà',
  email: 'ha.kitchen@example.test',
  phone: '0902 333 444',
  password: 'bun-cha-ha-noi',
};

async function waitForPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path);
}

describe.skipIf(!hasBrowser)('accounts and session in the browser', () => {
  const { server, pages } = journey();
  /** A phone nobody is signed in on. */
  const newPage = () => pages.guest({ width: 390, height: 844 });

  async function register(page: Page, person: typeof admin) {
    await page.goto(`${server.url}/auth`);
    await page.getByRole('tab', { name: 'Create account' }).click();
    await page.getByLabel('Full name').fill(person.name);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Phone').fill(person.phone);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Create account' }).click();
  }

  async function signIn(page: Page, person: typeof admin) {
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  it('sends a stranger who opens a protected page to sign-in', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/orders`);
    await waitForPath(page, '/auth');
    // The path changes before the sign-in page has drawn itself: a busy machine takes a moment more.
    await page.getByRole('button', { name: 'Sign in' }).waitFor({ state: 'visible' });
  });

  it('registers the first account as admin, signs out, signs in again, and keeps the session over a reload', async () => {
    const page = await newPage();
    await register(page, admin);
    await waitForPath(page, '/');
    await page.getByText(admin.name).first().waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await waitForPath(page, '/auth');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await signIn(page, admin);
    await waitForPath(page, '/');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userState') ?? 'null'));
    expect(stored).toMatchObject({ name: admin.name, email: admin.email, role: 'admin', isAuth: true, avatar: '' });

    await page.reload();
    await page.getByText(admin.name).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto(`${server.url}/auth`);
    await waitForPath(page, '/');
  });

  it('drops an expired token at start-up and asks to sign in', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/landing`);
    await page.evaluate(() => {
      const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
      const exp = Math.floor(Date.now() / 1000) - 60;
      const token = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'x', role: 'admin', jti: 'y', iat: exp - 60, exp })}.sig`;
      localStorage.setItem('token', token);
      localStorage.setItem(
        'userState',
        JSON.stringify({
          _id: 'x',
          name: 'Old Session',
          email: 'old@example.test',
          phone: '',
          role: 'admin',
          avatar: '',
          isAuth: true,
        }),
      );
    });
    await page.goto(`${server.url}/orders`);
    await waitForPath(page, '/auth');
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('userState')])).toEqual([
      null,
      null,
    ]);
  });

  it('lets a second account in only after a manager approves it', async () => {
    const newcomer = await newPage();
    await register(newcomer, cook);
    await newcomer
      .getByText(/waiting for approval/i)
      .first()
      .waitFor();

    await signIn(newcomer, cook);
    await newcomer.getByText('Your account is waiting for approval').first().waitFor();
    expect(new URL(newcomer.url()).pathname).toBe('/auth');

    const owner = await newPage();
    await signIn(owner, admin);
    await waitForPath(owner, '/');
    await owner.goto(`${server.url}/accounts`);
    const card = owner.getByRole('article', { name: cook.name });
    await card.getByRole('button', { name: 'Approve' }).click();
    await card.getByText('active', { exact: false }).first().waitFor();

    await signIn(newcomer, cook);
    await waitForPath(newcomer, '/');
    await newcomer.getByText(cook.name).first().waitFor();
  });
});
