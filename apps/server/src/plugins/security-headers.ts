import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** The Content-Security-Policy of the app (helmet's defaults with these directives over them). */
export const contentSecurityDirectives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // React sets style attributes and the toast library injects a stylesheet at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Restaurants often serve the app over plain HTTP on their own network; upgrading would break it.
  upgradeInsecureRequests: null,
};

/**
 * The header value helmet's own CSP middleware renders for these directives (its defaults, its checks), with
 * `extraScriptSources` allowed besides the app's own files (the hash of a page's inline script).
 */
export function renderContentSecurityPolicy(extraScriptSources: readonly string[] = []): string {
  let value: string | undefined;
  const response = { setHeader: (_name: string, header: string) => (value = header) } as unknown as ServerResponse;
  const directives = {
    ...contentSecurityDirectives,
    scriptSrc: [...contentSecurityDirectives.scriptSrc, ...extraScriptSources],
  };
  helmet.contentSecurityPolicy({ directives })({} as IncomingMessage, response, (error) => {
    if (error) throw error;
  });
  if (!value) throw new Error('helmet rendered no Content-Security-Policy');
  return value;
}

/**
 * What @fastify/helmet sent on every response, registered with these directives and
 * `strictTransportSecurity: false` (helmet 8's defaults otherwise), computed once: the plugin built
 * helmet's middleware again on every request, parsing the CSP directives each time, the largest single
 * cost of a cached public-menu answer. Strict-Transport-Security stays off: HSTS on a LAN address would
 * lock tablets out of http://. test/response-headers.test.ts checks that the set is still helmet's.
 */
export const securityHeaders: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': renderContentSecurityPolicy(),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/**
 * Sets the security headers on every response from an onRequest hook, registered before the rate limits
 * and the access guard, so that their 429s, 401s and 403s (and 404s and other errors) carry them too. A
 * route may set its own value over one of them: the API docs send their own CSP.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  // A list made once: reply.headers() would list the object's keys again on every request.
  const headers = Object.entries(securityHeaders);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });
}
