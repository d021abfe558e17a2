import type { ErrorResponse, FieldError } from '@quan/contract/common';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { pgErrorCode } from '../lib/pg-error';

const partLabel: Record<string, string> = {
  body: 'request body',
  querystring: 'query',
  params: 'path',
  headers: 'headers',
};

/** "/items/0/quantity" → "items.0.quantity": field paths in error responses are dotted (`fieldErrorSchema`). */
function toDottedPath(instancePath: string): string {
  return instancePath.split('/').filter(Boolean).join('.');
}

function validationResponse(error: FastifyError & { validation: unknown[] }): ErrorResponse {
  const errors: FieldError[] = hasZodFastifySchemaValidationErrors(error)
    ? error.validation.flatMap((issue) => {
        const keys = issue.params?.['keys'];
        // One entry per unknown field, at its own path, so a form can point at it.
        if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
          return keys.map((key) => ({
            path: toDottedPath(`${issue.instancePath}/${String(key)}`),
            message: UNKNOWN_FIELD,
          }));
        }
        return [{ path: toDottedPath(issue.instancePath), message: issue.message ?? 'is not valid' }];
      })
    : [{ path: '', message: error.message }];
  const where = partLabel[error.validationContext ?? 'body'] ?? 'request';
  return { success: false, message: validationMessage(where, errors), code: 'VALIDATION_FAILED', errors };
}

const UNKNOWN_FIELD = 'Unknown field; it cannot be set here';

/** "Invalid request body: items.0.quantity: Quantity can be at most 99 (and 2 more)". */
function validationMessage(where: string, errors: FieldError[]): string {
  const [first] = errors;
  const firstText = first?.path ? `${first.path}: ${first.message}` : (first?.message ?? 'invalid value');
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return `Invalid ${where}: ${firstText}${more}`;
}

/** Fastify's own client errors, reworded as sentences a person can act on. */
const fastifyClientErrors: Record<string, { status: number; message: string; code: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    message: 'The request body is too large (the limit is 1 MB)',
    code: 'BODY_TOO_LARGE',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: 'Send the request body as JSON (Content-Type: application/json)',
    code: 'BODY_NOT_JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    message: 'The request body is empty; send a JSON object',
    code: 'BODY_EMPTY',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON', code: 'BODY_NOT_JSON' },
};

/**
 * What a person is told about a value the database refused, by SQLSTATE: never the query, the column or the
 * database's words. Only the "data exceptions" (class 22) that a request's own values cause; the others of the
 * class (a division by zero, a cast the server wrote) are the server's fault and stay a 500.
 */
const refusedValueMessages: Record<string, string> = {
  '22021': 'The request has characters that cannot be stored (such as a NUL character); remove them', // NUL in text
  '22P05': 'The request has characters that cannot be stored (such as a NUL character); remove them', // untranslatable
  '22001': 'A text in the request is too long to store', // string_data_right_truncation
  '22003': 'A number in the request is out of range', // numeric_value_out_of_range
  '22007': 'A date in the request is out of range', // invalid_datetime_format
  '22008': 'A date in the request is out of range', // datetime_field_overflow
};

/** A value of the request the database refused, from the error itself or a cause it is wrapped in. */
function refusedValue(error: unknown): { code: string; message: string } | null {
  const code = pgErrorCode(error);
  const message = code ? refusedValueMessages[code] : undefined;
  return code && message ? { code, message } : null;
}

/** The code of a client error without one of its own: its kind, from the status ("CONFLICT"). */
const codeOfStatus = (status: number) =>
  ({
    400: 'BAD_REQUEST',
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    409: 'CONFLICT',
    429: 'RATE_LIMITED',
  })[status] ?? 'CLIENT_ERROR';

/**
 * One error shape for the whole API: validation → 400 with `errors`, AppError → its status, Fastify's
 * client errors → their status, a value the database refused → 400, anything else → 500 "Something went
 * wrong" with the request id (the details only reach the log).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      return reply.status(400).send(validationResponse(error as FastifyError & { validation: unknown[] }));
    }
    if (error instanceof AppError) {
      const body: ErrorResponse = { success: false, message: error.message, code: error.reason?.code ?? error.code };
      if (error.reason?.params) body.params = error.reason.params;
      if (error.errors) body.errors = error.errors;
      return reply.status(error.statusCode).send(body);
    }
    const known = error.code ? fastifyClientErrors[error.code] : undefined;
    if (known) return reply.status(known.status).send({ success: false, message: known.message, code: known.code });
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return reply
        .status(400)
        .send({ success: false, message: 'The request body is not valid JSON', code: 'BODY_NOT_JSON' });
    }
    if (!isResponseSerializationError(error) && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return reply
        .status(error.statusCode)
        .send({ success: false, message: error.message, code: codeOfStatus(error.statusCode) });
    }
    const refused = refusedValue(error);
    if (refused) {
      // Input the schemas let through and the database would not take: the sender's to fix, so a 400; the
      // details (query, column, the database's message) only reach the log.
      request.log.warn({ err: error, sqlState: refused.code }, 'the database refused a value');
      return reply.status(400).send({
        success: false,
        message: refused.message,
        code: 'INVALID_VALUE',
      } satisfies ErrorResponse);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      success: false,
      message: 'Something went wrong',
      code: 'INTERNAL_ERROR',
      requestId: String(request.id),
    } satisfies ErrorResponse);
  });
}
