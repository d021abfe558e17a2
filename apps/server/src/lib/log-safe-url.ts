/**
 * The URLs that carry a secret, which is all anyone needs to act with it, so that the log must never keep it:
 * - /api/public/reservations/<key> (and …/<key>/cancel): a guest's booking, which the key lets anyone cancel;
 * - /booking/<key>: the guest's page of that booking, in the web app;
 * - ?key=<QR key>: a table's key (/table/<n>?key=, /api/public/tables/<n>?key=), which lets anyone order there;
 * - ?token=<tracking token>: a diner's order (/api/public/orders/<id>?token=), which it lets anyone follow.
 * Matched without regard to case or repeated slashes, as a browser's router would still open such a link.
 */
const SECRET_PATH_SEGMENT = /(\/api\/+public\/+reservations\/+|\/booking\/+)[^/]+/gi;
const SECRET_PARAMETERS = new Set(['key', 'token']);

/** What stands in a logged URL for a secret: pino's own word for what its `redact` removes. */
export const MASKED = '[Redacted]';

/** A query parameter's name as the server reads it: decoded (a `%6Bey` is a `key`). */
function parameterName(pair: string): string {
  const name = pair.split('=', 1)[0]!;
  try {
    return decodeURIComponent(name).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** `url` (a path with its query) with each secret it carries replaced by MASKED, the rest as it came. */
export function maskSecretsInUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = (queryStart === -1 ? url : url.slice(0, queryStart)).replace(SECRET_PATH_SEGMENT, `$1${MASKED}`);
  if (queryStart === -1) return path;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => (SECRET_PARAMETERS.has(parameterName(pair)) ? `${pair.split('=', 1)[0]!}=${MASKED}` : pair))
    .join('&');
  return `${path}?${query}`;
}
