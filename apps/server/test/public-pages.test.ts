import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../src/lib/server-root';
import { addBranch, createMenu, createTable, signInToBranch } from './factories';
import { buildTestApp, type TestApp } from './helper';

// The real web build (`npm test` and CI build it first): its index.html and its server renderer.
const distDir = join(serverRoot, '../web/dist');
const built = existsSync(join(distDir, '.ssr', 'entry-server.js'));

let t: TestApp;
let table: { _id: string; tableNo: number; qrKey: string };
let pho: { _id: string };

/** The page's parts a browser acts on: its root's markup, its data block, its inline script. */
function partsOf(html: string) {
  const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '';
  const data = /<script type="application\/json" id="quan-page"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  const inline = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
  return { root, data: data ? (JSON.parse(data) as { language: string; menu: unknown }) : null, inline };
}

const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe.skipIf(!built && !process.env.CI)('diner pages rendered by the server', () => {
  beforeAll(async () => {
    t = await buildTestApp({ WEB_DIST_DIR: distDir });
    await t.signInAs('admin');
    const menu = await createMenu(t, [
      { name: 'Phở bò tái', price: 65_000 },
      { name: 'Trà đá', price: 5_000 },
    ]);
    pho = menu.items[0]!;
    table = await createTable(t);
  });
  afterAll(() => t?.close());

  it('sends the public menu as HTML with every dish in it, and no script but the boot script its CSP allows', async () => {
    const response = await page('/public-menu', { 'accept-language': 'vi-VN,vi;q=0.9,en;q=0.8' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    expect(html).toMatch(/<html lang="vi"/);
    expect(html).toMatch(/<title>Thực đơn · [^<]+ · Quán<\/title>/);
    const { root, data, inline } = partsOf(html);
    expect(root).toContain('Phở bò tái');
    expect(root).toContain('65.000');
    expect(root).toContain('>Thực đơn của quán</h1>');
    expect(data?.language).toBe('vi');
    expect(JSON.stringify(data?.menu)).toContain('Phở bò tái');
    // Nothing loads the app before the diner acts: no module script, no preloads; the stylesheet stays.
    expect(html).not.toMatch(/<script type="module"|modulepreload/);
    expect(html).toMatch(/<link rel="stylesheet"[^>]+\/assets\/index-[^"]+\.css">/);
    const hash = createHash('sha256').update(inline!).digest('base64');
    expect(response.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}'`);
  });

  it("renders in the language chosen on the phone (its cookie), else the phone's, else Vietnamese", async () => {
    const chosen = await page('/public-menu', { cookie: 'language=en', 'accept-language': 'vi' });
    expect(chosen.body).toMatch(/<html lang="en"/);
    expect(partsOf(chosen.body).root).toContain('>Our menu</h1>');
    expect((await page('/landing', { 'accept-language': 'fr-FR, en;q=0.5' })).body).toMatch(/<html lang="en"/);
    expect((await page('/landing', { 'accept-language': 'fr-FR' })).body).toMatch(/<html lang="vi"/);
  });

  it('renders a menu change at once: the page is kept per menu version', async () => {
    expect(partsOf((await page('/public-menu')).body).root).toContain('Phở bò tái');
    const hidden = await t.request({
      method: 'PUT',
      url: `/api/item/${pho._id}`,
      as: 'admin',
      payload: { isAvailable: false },
    });
    expect(hidden.statusCode).toBe(200);
    const after = partsOf((await page('/public-menu')).body);
    expect(after.root).not.toContain('Phở bò tái');
    expect(after.root).toContain('Trà đá');
    await t.request({ method: 'PUT', url: `/api/item/${pho._id}`, as: 'admin', payload: { isAvailable: true } });
  });

  it("renders a table's page with its cart buttons for the table's own link only", async () => {
    const right = await page(`/table/${table.tableNo}?key=${encodeURIComponent(table.qrKey)}`, {
      cookie: 'language=en',
    });
    const { root, data } = partsOf(right.body);
    expect(root).toContain(`Table ${table.tableNo}</h1>`);
    expect(root).toContain('aria-label="Add Phở bò tái"');
    expect(data?.language).toBe('en');
    expect(right.body).toContain(`data-wake-keys="[&#34;tableOrder:${table.tableNo}&#34;`);
    // A wrong or missing key, or no such table: the app's page, which explains it in the browser.
    for (const url of [
      `/table/${table.tableNo}?key=wrong`,
      `/table/${table.tableNo}`,
      `/table/9999?key=${encodeURIComponent(table.qrKey)}`,
      '/table/abc',
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toMatch(/<div id="root"><\/div>/);
      expect(response.body, url).toMatch(/<script type="module"/);
    }
  });

  it('keeps what a dish is called from ending the data block or the markup', async () => {
    const name = 'Chè </script><script>alert(1)</script>';
    await createMenu(t, [{ name, price: 20_000 }]);
    const html = (await page('/public-menu')).body;
    expect(html.match(/<script/g)).toHaveLength(2); // the data block and the boot script
    expect(html).not.toContain('<script>alert(1)');
    const { root, data } = partsOf(html);
    expect(root).toContain('Chè &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(JSON.stringify(data?.menu)).toContain(name);
  });

  it("renders a branch's menu and tables at /b/<slug>/, with its prices, and keeps the first branch's at the original addresses", async () => {
    const branch = await addBranch(t, 'Quận 3');
    const manager = await signInToBranch(t, branch._id, 'manager');
    const priced = await t.request({
      method: 'PUT',
      url: `/api/item/${pho._id}/branch`,
      payload: { price: 72_000 },
      as: manager,
    });
    expect(priced.statusCode, priced.body).toBe(200);
    const added = await t.request({
      method: 'POST',
      url: '/api/table',
      payload: { tableNo: 5, seats: 4 },
      as: manager,
    });
    expect(added.statusCode, added.body).toBe(201);
    const branchTable = added.json().data as { tableNo: number; qrKey: string };

    const branchMenu = partsOf((await page(`/b/${branch.slug}/public-menu`)).body);
    expect(branchMenu.root).toContain('72.000');
    expect(branchMenu.root).not.toContain('65.000');
    const firstMenu = partsOf((await page('/public-menu')).body);
    expect(firstMenu.root).toContain('65.000');

    const tablePage = await page(`/b/${branch.slug}/table/5?key=${encodeURIComponent(branchTable.qrKey)}`, {
      cookie: 'language=en',
    });
    expect(partsOf(tablePage.body).root).toContain('Table 5</h1>');
    expect(partsOf(tablePage.body).root).toContain('72.000');
    // The tab keeps this branch's table 5 apart from the first branch's.
    expect(tablePage.body).toContain(`data-wake-keys="[&#34;tableOrder:${branch.slug}:5&#34;`);

    // An unknown branch, or this branch's key at the first branch's address: the app's page, which says why.
    for (const url of [
      '/b/no-such-branch/public-menu',
      `/b/no-such-branch/table/5?key=${encodeURIComponent(branchTable.qrKey)}`,
      `/table/5?key=${encodeURIComponent(branchTable.qrKey)}`,
    ]) {
      const response = await page(url);
      expect(response.body, url).toMatch(/<div id="root"><\/div>/);
    }
  });

  it('sends the Brotli copy to a browser that takes it', async () => {
    const response = await page('/landing', { 'accept-encoding': 'gzip, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<div id="root"><div');
  });
});
