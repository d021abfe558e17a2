import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { languages, type Language } from '@quan/contract/language';
import type { PublicMenu } from '@quan/contract/public';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { maskSecretsInUrl } from '../lib/log-safe-url';
import type { DinerBranch, DinerBranches } from '../modules/public/diner-branch';
import type { PublicMenuCache } from '../modules/public/service';
import type { TablesService } from '../modules/tables/service';
import { renderContentSecurityPolicy } from './security-headers';
import { chooseEncoding, type Encoding } from './web';

/** What the web build's server renderer (apps/web/src/entry-server.tsx, built into dist/.ssr) offers. */
interface ServerRenderer {
  serverPageElementId: string;
  renderServerPage(
    url: string,
    page: { language: Language; menu: PublicMenu },
  ): Promise<{
    html: string;
    title: string | null;
  }>;
  /** `slug`: the branch of a `/b/<slug>/table/<n>` page (a table's session is kept per branch); null for the first. */
  bootAttributes(entry: string, tableNo: number | null, slug?: string | null): Record<string, string>;
  bootServerPage(): void;
}

/** A rendered page, kept as bytes with its compressed copies. */
interface PageBytes {
  plain: Buffer;
  compressed: Partial<Record<Encoding, Buffer>>;
}

/** index.html as the build wrote it, cut where a rendered page puts its parts. */
interface Template {
  /** The app's entry module, which the boot script loads on the first tap instead of at once. */
  entry: string;
  head: string;
  body: string;
}

/** Pages kept rendered: per menu version, language and address; the oldest go first. */
const MAX_KEPT_PAGES = 200;
const LANGUAGE_COOKIE = /(?:^|;\s*)language=([a-z]{2})(?:;|$)/;

const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The index.html the build wrote, without its entry script and module preloads: a rendered diner page loads
 * no JavaScript before the diner acts. Its stylesheet stays, so the page paints styled at once.
 */
function readTemplate(indexHtml: string): Template | null {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(indexHtml);
  const root = '<div id="root"></div>';
  if (!entry?.[1] || !indexHtml.includes(root)) return null;
  const page = indexHtml.replace(entry[0], '').replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
  const [head = '', body = ''] = page.split(root);
  return { entry: entry[1], head, body };
}

/**
 * The language to render a diner page in, as the app would choose it: the one chosen on the phone (the switch
 * keeps it in a cookie too), else the first of the phone's languages the product speaks, else Vietnamese.
 */
export function dinerLanguageOf(request: FastifyRequest): Language {
  const isLanguage = (value: string | undefined): value is Language =>
    (languages as readonly string[]).includes(value ?? '');
  const chosen = LANGUAGE_COOKIE.exec(request.headers.cookie ?? '')?.[1];
  if (isLanguage(chosen)) return chosen;
  for (const part of (request.headers['accept-language'] ?? '').split(',')) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    if (params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param))) continue;
    const base = tag.split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'vi';
}

/**
 * Serves /landing, /public-menu and /table/:n (the first branch's) and /b/:slug/public-menu and
 * /b/:slug/table/:n (the named branch's) as HTML with their content (server rendering of the web's own
 * components, apps/web/src/entry-server.tsx), so a phone on a slow network paints the menu from the first
 * answer. A page is rendered once per menu version, language and address and kept with its compressed
 * copies; a new menu (the public menu's ETag changes with it) renders anew. The page carries the menu it was
 * rendered with and an inline boot script that loads the app on the diner's first tap.
 *
 * Without a built renderer (a server test, a build without the web), or for a table link that is wrong or a
 * branch the restaurant does not have, the app's index.html answers as for any other page, and the app renders
 * in the browser (and says what is wrong, as the API told it).
 */
export async function registerPublicPages(
  app: FastifyInstance,
  {
    distDir,
    publicMenu,
    dinerBranches,
    tables,
  }: { distDir: string; publicMenu: PublicMenuCache; dinerBranches: DinerBranches; tables: TablesService },
): Promise<void> {
  const rendererPath = join(distDir, '.ssr', 'entry-server.js');
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(rendererPath) || !existsSync(indexPath)) return;
  const parsed = readTemplate(readFileSync(indexPath, 'utf8'));
  if (!parsed) {
    app.log.warn(`${indexPath} has no entry script or root element; diner pages are rendered in the browser`);
    return;
  }
  const template: Template = parsed;
  const renderer = (await import(pathToFileURL(rendererPath).href)) as ServerRenderer;
  const bootScript = `(${renderer.bootServerPage.toString()})()`;
  const contentSecurityPolicy = renderContentSecurityPolicy([
    `'sha256-${createHash('sha256').update(bootScript).digest('base64')}'`,
  ]);

  const kept = new Map<string, Promise<PageBytes>>();

  /** `slug`: the branch a `/b/<slug>/` address names; null for the original addresses (the first branch). */
  interface Place {
    branch: DinerBranch;
    slug: string | null;
  }

  async function render(url: string, language: Language, place: Place, tableNo: number | null): Promise<PageBytes> {
    const menu = await publicMenu.get(place.branch.id);
    const key = `${menu.etag} ${language} ${url}`;
    let page = kept.get(key);
    if (!page) {
      const data = (JSON.parse(menu.body.toString()) as { data: PublicMenu }).data;
      page = renderPage(url, language, place.slug, tableNo, data);
      kept.set(key, page);
      // A failed render is tried again next time.
      page.catch(() => kept.delete(key));
      if (kept.size > MAX_KEPT_PAGES) kept.delete(kept.keys().next().value!);
    }
    return page;
  }

  async function renderPage(
    url: string,
    language: Language,
    slug: string | null,
    tableNo: number | null,
    menu: PublicMenu,
  ) {
    const data = { language, menu };
    const { html, title } = await renderer.renderServerPage(`http://localhost${url}`, data);
    const attributes = Object.entries(renderer.bootAttributes(template.entry, tableNo, slug))
      .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
      .join('');
    // JSON in a script element: `<` escaped, so no text in the menu can end the element.
    const json = JSON.stringify(data).replace(/</g, '\\u003c');
    const head = template.head
      .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title ?? 'Quán')}</title>`);
    const plain = Buffer.from(
      `${head}<div id="root">${html}</div>` +
        `<script type="application/json" id="${renderer.serverPageElementId}"${attributes}>${json}</script>` +
        `<script>${bootScript}</script>${template.body}`,
    );
    const [br, gz] = await Promise.all([
      toBrotli(plain, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
      }),
      toGzip(plain, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    return { plain, compressed: { br, gzip: gz } };
  }

  async function send(request: FastifyRequest, reply: FastifyReply, url: string, place: Place, tableNo: number | null) {
    let page: PageBytes;
    try {
      page = await render(url, dinerLanguageOf(request), place, tableNo);
    } catch (error) {
      // A diner still gets the page: the app renders it in the browser.
      request.log.error(
        { err: error, url: maskSecretsInUrl(url) },
        'Rendering a diner page failed; the browser renders it',
      );
      return reply.callNotFound();
    }
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding, accept-language, cookie')
      .header('content-security-policy', contentSecurityPolicy);
    const encoding = chooseEncoding(request.headers['accept-encoding'], page.compressed);
    if (!encoding) return reply.send(page.plain);
    return reply.header('content-encoding', encoding).send(page.compressed[encoding]);
  }

  const firstPlace = async (): Promise<Place> => ({ branch: await dinerBranches.first(), slug: null });
  /** The branch a `/b/<slug>/` address names, or null (the app says the link is wrong). */
  const namedPlace = async (raw: string): Promise<Place | null> => {
    const slug = raw.toLowerCase();
    if (!/^[a-z0-9-]{1,60}$/.test(slug)) return null;
    try {
      return { branch: await dinerBranches.bySlug(slug), slug };
    } catch {
      return null;
    }
  };

  type TableRequest = FastifyRequest<{ Params: { tableNo: string; slug?: string }; Querystring: { key?: string } }>;
  async function sendTable(request: TableRequest, reply: FastifyReply, place: Place) {
    const { tableNo: raw } = request.params;
    const key = typeof request.query.key === 'string' ? request.query.key.trim() : '';
    // Only a table's right link is rendered here (and kept); the app explains a wrong one.
    if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1 || !key) return reply.callNotFound();
    const tableNo = Number(raw);
    try {
      await tables.publicTable(place.branch.id, tableNo, key);
    } catch {
      return reply.callNotFound();
    }
    const prefix = place.slug ? `/b/${place.slug}` : '';
    return send(request, reply, `${prefix}/table/${tableNo}?key=${encodeURIComponent(key)}`, place, tableNo);
  }

  app.get('/landing', async (request, reply) => send(request, reply, '/landing', await firstPlace(), null));
  app.get('/public-menu', async (request, reply) => send(request, reply, '/public-menu', await firstPlace(), null));
  app.get<{ Params: { tableNo: string }; Querystring: { key?: string } }>('/table/:tableNo', async (request, reply) =>
    sendTable(request, reply, await firstPlace()),
  );
  app.get<{ Params: { slug: string } }>('/b/:slug/public-menu', async (request, reply) => {
    const place = await namedPlace(request.params.slug);
    if (!place) return reply.callNotFound();
    return send(request, reply, `/b/${place.slug}/public-menu`, place, null);
  });
  app.get<{ Params: { slug: string; tableNo: string }; Querystring: { key?: string } }>(
    '/b/:slug/table/:tableNo',
    async (request, reply) => {
      const place = await namedPlace(request.params.slug);
      if (!place) return reply.callNotFound();
      return sendTable(request, reply, place);
    },
  );
}
