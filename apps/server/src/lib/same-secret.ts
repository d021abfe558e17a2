import { timingSafeEqual } from 'node:crypto';

/** Compares secrets in constant time, so their content cannot be guessed from response times. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
