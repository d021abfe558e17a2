import { sql, type SQL } from 'drizzle-orm';
import { v7 as uuidV7FromBytes } from 'uuid';

// Seeded randomness, in TypeScript and in SQL: every choice the generator makes comes from a seed, so the
// same seed gives the same restaurant.

/** A small seeded generator (mulberry32): the same seed, the same restaurant. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const pick = <T>(random: () => number, values: readonly T[]): T => values[Math.floor(random() * values.length)]!;

/** A UUID v7 at `instant` from the seeded generator: time-ordered like `newId`, the same for the same seed. */
export function seededId(random: () => number, instant: Date): string {
  return uuidV7FromBytes({
    msecs: instant.getTime(),
    random: Uint8Array.from({ length: 16 }, () => Math.floor(random() * 256)),
  });
}

/**
 * A UUID v7 made in SQL from an instant and 32 hex digits (md5 of the seed and the order's slot): ordered
 * by time like the app's ids (`newId`), and the same for the same seed.
 */
export const uuidV7 = (instant: SQL, hex: SQL) => sql`(
  lpad(to_hex(floor(extract(epoch from ${instant}) * 1000)::bigint), 12, '0') || '7' || substr(${hex}, 1, 3)
  || substr('89ab', 1 + ascii(substr(${hex}, 4, 1)) % 4, 1) || substr(${hex}, 5, 15)
)::uuid`;

/** A seeded draw in [0, 1) per order: md5 of the seed, a salt and the order's (seeded) id. */
export const orderDraw = (seed: number, salt: string, id: SQL) =>
  sql`(('x' || substr(md5(${`${seed}:${salt}:`} || ${id}::text), 1, 8))::bit(32)::bigint / 4294967296.0)::float8`;
