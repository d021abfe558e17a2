import { describe, expect, it } from 'vitest';
import { isForeignKeyViolation, isUniqueViolation } from '../src/lib/app-error';
import { pgError, pgErrorCode } from '../src/lib/pg-error';

/** What the drivers throw: a SQLSTATE as `code`, with a `severity`. */
const driverError = (code: string, constraint?: string) =>
  Object.assign(new Error('duplicate key value violates unique constraint'), { code, severity: 'ERROR', constraint });
/** What the query builder throws: the driver's error as its cause. */
const wrapped = (cause: unknown) => new Error('Failed query: insert into …', { cause });

describe('the PostgreSQL error an error is or wraps', () => {
  it('is found as the error itself or down its causes', () => {
    expect(pgErrorCode(driverError('22021'))).toBe('22021');
    expect(pgError(wrapped(wrapped(driverError('23505', 'stations_name_unique'))))).toEqual({
      code: '23505',
      constraint: 'stations_name_unique',
    });
  });

  it("is not a Node error's code, which comes without a severity", () => {
    const nodeError = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    expect(pgErrorCode(wrapped(nodeError))).toBeUndefined();
    expect(pgErrorCode(new Error('no cause'))).toBeUndefined();
    expect(pgErrorCode('a string')).toBeUndefined();
  });

  it('stops on causes that loop', () => {
    const a: Error & { cause?: unknown } = new Error('a');
    a.cause = wrapped(a);
    expect(pgErrorCode(a)).toBeUndefined();
    expect(isUniqueViolation(a)).toBe(false);
  });

  it('names the constraint a violation was of', () => {
    const error = wrapped(driverError('23503', 'order_lines_item_id_items_id_fk'));
    expect(isForeignKeyViolation(error, 'order_lines_item_id_items_id_fk')).toBe(true);
    expect(isForeignKeyViolation(error, 'order_lines_station_id_stations_id_fk')).toBe(false);
    expect(isUniqueViolation(error)).toBe(false);
    expect(isUniqueViolation(wrapped(driverError('23505', 'spins_one_per_day')), 'spins_one_per_day')).toBe(true);
    expect(isUniqueViolation(wrapped(driverError('23505', 'spins_one_per_day')), 'stations_name_unique')).toBe(false);
  });
});
