import type { ErrorParams } from '@quan/contract/common';
import { pgError } from './pg-error';

/** Errors a person can cause. The error handler turns each into its status and the message as written. */
const statusByCode = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
} as const;

export type AppErrorCode = keyof typeof statusByCode;

export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  /** What went wrong for a screen to say in its language: a code of its own and the values it names. */
  reason?: { code: string; params?: ErrorParams };

  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** Field errors for a 400, shaped as `fieldErrorSchema` in packages/contract/src/common.ts. */
    readonly errors?: { path: string; message: string }[],
  ) {
    super(message);
    this.statusCode = statusByCode[code];
  }

  /** Names the refusal with a stable code (and its values): `throw conflict('…').because('TABLE_BOOKED', { tableNo })`. */
  because(code: string, params?: ErrorParams): this {
    this.reason = { code, params };
    return this;
  }
}

export const badRequest = (message: string, errors?: { path: string; message: string }[]) =>
  new AppError('BAD_REQUEST', message, errors);
export const unauthorized = (message = 'Please sign in to continue') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission to do this') => new AppError('FORBIDDEN', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);

/** PostgreSQL's unique_violation (of that constraint, if named), wherever the driver or Drizzle put it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const violation = pgError(error);
  return violation?.code === '23505' && (constraint === undefined || violation.constraint === constraint);
}

/** PostgreSQL's foreign_key_violation of that constraint: the row refers to one that does not exist. */
export function isForeignKeyViolation(error: unknown, constraint: string): boolean {
  const violation = pgError(error);
  return violation?.code === '23503' && violation.constraint === constraint;
}
