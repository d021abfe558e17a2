/**
 * For an optional number input: empty means null (no value, which an edit may also send to clear it);
 * anything else becomes a number, NaN when it is not one, for the schema to refuse.
 */
export function optionalWholeNumber(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  const text = String(value).trim();
  return text === '' ? null : Number(text);
}
