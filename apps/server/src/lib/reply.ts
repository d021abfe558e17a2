import type { Envelope } from '@quan/contract/common';

/** The success envelope every call answers with (`envelope` in packages/contract/src/common.ts). */
export function ok<T>(data: T, message?: string): Envelope<T> {
  return message === undefined ? { success: true, data } : { success: true, message, data };
}
