/** A whole number from the environment, `fallback` when unset; anything else is a mistake said plainly. */
export function intFromEnv(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of ${min} or more`);
  return value;
}
