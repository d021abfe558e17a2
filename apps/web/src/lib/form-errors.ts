import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { getApiFieldErrors } from './api-client';
import { translateValidationMessage } from './validation-messages';

/**
 * Puts the field errors of a 400 answer next to the inputs they name, in the screen's language. Returns whether any field
 * matched, so the caller can fall back to a form-level message.
 */
export function applyApiFieldErrors<T extends FieldValues>(
  error: unknown,
  fieldNames: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  let matched = false;
  for (const fieldError of getApiFieldErrors(error)) {
    const field = fieldNames.find((name) => name === fieldError.path);
    if (field) {
      setError(field, { type: 'server', message: translateValidationMessage(fieldError.message) });
      matched = true;
    }
  }
  return matched;
}
