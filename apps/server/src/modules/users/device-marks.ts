import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The cookie that tells the sign-in throttle "this browser has signed in to this account before" (OWASP's
 * "device cookie"): when strangers have used up an account's hourly allowance of wrong guesses, the person
 * can still sign in from a browser they used before (plugins/rate-limit.ts, `signInThrottle`).
 *
 * A mark is a random id and an HMAC of the account's email with it, keyed from the server's token secret, so
 * nobody can make one without having signed in; it grants nothing by itself (the password is still checked,
 * and the per-address limits still apply). The cookie holds the marks of the last few accounts used on the
 * browser (a shared tablet).
 */
export const DEVICE_COOKIE = 'quanDevice';
/**
 * Where the browser sends the cookie: the whole API, since a manager's approval typed on a tablet is counted by
 * the same throttle as a sign-in (approvals.ts) and reads the mark the same way, and the routes that take one
 * are outside the sign-in's path. Sending it further gives nothing away: it is HttpOnly, SameSite=Strict, and
 * a mark opens nothing by itself.
 */
export const DEVICE_COOKIE_PATH = '/api';
/** How long a browser stays known without signing in again. */
export const DEVICE_MARK_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const ID_BYTES = 12; // 16 characters of base64url
const SIGNATURE_BYTES = 16; // 22 characters
const MARK = /^[A-Za-z0-9_-]{38}$/;
const MARKS_PER_BROWSER = 8;

export interface DeviceMarks {
  /** The id of the browser's mark for `email` when its cookie holds a genuine one; null otherwise. */
  find(cookie: string | undefined, email: string): string | null;
  /**
   * The cookie to send back after a sign-in to `email`: a new mark for it first (so the throttle counts this
   * browser afresh), the marks of other accounts after it, the oldest dropped beyond a few.
   */
  renew(cookie: string | undefined, email: string): string;
}

export function createDeviceMarks(secret: string): DeviceMarks {
  // A key of its own, so a mark can never be mistaken for anything else signed with the secret.
  const key = createHmac('sha256', secret).update('quan:device-marks:v1').digest();
  const signature = (email: string, id: string) =>
    createHmac('sha256', key).update(`${email}\n${id}`).digest().subarray(0, SIGNATURE_BYTES);
  const marksOf = (cookie: string | undefined) =>
    (cookie ?? '')
      .split('.')
      .filter((mark) => MARK.test(mark))
      .slice(0, MARKS_PER_BROWSER);
  const isFor = (mark: string, email: string) =>
    timingSafeEqual(Buffer.from(mark.slice(16), 'base64url'), signature(email, mark.slice(0, 16)));

  return {
    find(cookie, email) {
      const mark = marksOf(cookie).find((candidate) => isFor(candidate, email));
      return mark ? mark.slice(0, 16) : null;
    },
    renew(cookie, email) {
      const id = randomBytes(ID_BYTES).toString('base64url');
      const mark = id + signature(email, id).toString('base64url');
      const others = marksOf(cookie).filter((candidate) => !isFor(candidate, email));
      return [mark, ...others].slice(0, MARKS_PER_BROWSER).join('.');
    },
  };
}
