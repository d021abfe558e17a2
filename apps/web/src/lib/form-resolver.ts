import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { translateValidationMessage } from './validation-messages';

/** Each `message` of a form's errors (nested fields, arrays, `root`) in the active language. */
function translateErrors(errors: FieldErrors): FieldErrors {
  const translate = (node: unknown): unknown => {
    if (typeof node !== 'object' || node === null) return node;
    if (Array.isArray(node)) return node.map(translate);
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        // `ref` is the input element itself: kept as it is.
        key === 'message' && typeof value === 'string'
          ? translateValidationMessage(value)
          : key === 'ref'
            ? value
            : translate(value),
      ]),
    );
  };
  return translate(errors) as FieldErrors;
}

/**
 * `zodResolver` of @hookform/resolvers, with the contract's sentences in the screen's language: every form checks
 * its fields with the contract's schema, whose sentences are English, and shows them translated.
 */
export const localizedZodResolver = ((...args: Parameters<typeof zodResolver>) => {
  const resolve = (zodResolver as (...a: Parameters<typeof zodResolver>) => Resolver<FieldValues>)(...args);
  const localized: Resolver<FieldValues> = async (values, context, options) => {
    const result = await resolve(values, context, options);
    return Object.keys(result.errors).length === 0 ? result : { values: {}, errors: translateErrors(result.errors) };
  };
  return localized;
}) as typeof zodResolver;
