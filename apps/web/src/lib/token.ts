function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  return atob(padded);
}

function readExpiry(token: string): number | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(parts[1]));
    if (typeof claims !== 'object' || claims === null || !('exp' in claims)) return null;
    const { exp } = claims;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

/**
 * Whether a stored JWT is still worth using: until it expires (docs/compatibility.md). Only the expiry
 * is checked: the signature can only be verified by the server, which rejects a forged token anyway.
 */
export function isTokenValid(token: string | null | undefined, now: number): boolean {
  if (!token) return false;
  const exp = readExpiry(token);
  return exp !== null && exp * 1000 > now;
}
