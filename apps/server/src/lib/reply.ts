import type { Envelope } from '@quan/contract/common';

/** The success envelope of API.md. */
export function ok<T>(data: T, message?: string): Envelope<T> {
  return message === undefined ? { success: true, data } : { success: true, message, data };
}
