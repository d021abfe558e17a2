/** What a PostgreSQL error says about itself: its SQLSTATE and, for a constraint's violation, the constraint. */
export interface PgError {
  code: string;
  constraint?: string;
}

/** Far more wrappers than the query builder and a transaction add, and a stop on a cause that loops. */
const MAX_DEPTH = 5;

/**
 * The PostgreSQL error an error is, or is wrapped in as a `cause` (the query builder wraps the driver's error).
 * PGlite and node-postgres both give the SQLSTATE as `code`, with the `severity` a PostgreSQL error always has;
 * a Node error's code ("EPIPE") never comes with one.
 */
export function pgError(error: unknown): PgError | undefined {
  let candidate = error;
  for (let depth = 0; depth < MAX_DEPTH && typeof candidate === 'object' && candidate !== null; depth++) {
    const { code, severity, constraint, cause } = candidate as Record<string, unknown>;
    if (typeof code === 'string' && severity) {
      return typeof constraint === 'string' ? { code, constraint } : { code };
    }
    candidate = cause;
  }
  return undefined;
}

/** The SQLSTATE of the PostgreSQL error an error is or wraps ("23505"); undefined for any other error. */
export const pgErrorCode = (error: unknown): string | undefined => pgError(error)?.code;
