import { z } from 'zod';

/**
 * Messages a person can act on for the cases zod words for programmers ("expected string, received
 * undefined"). Both apps call this once at start-up, so forms and API errors read the same.
 */
export function configureZodMessages(): void {
  z.config({
    customError: (issue) => {
      if (issue.code === 'invalid_type' && issue.input === undefined) return 'This field is required';
      if (issue.code === 'invalid_type' && issue.input === null) return 'This field cannot be empty';
      return undefined;
    },
  });
}
