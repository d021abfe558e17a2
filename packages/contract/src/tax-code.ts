import { z } from 'zod';

/**
 * A Vietnamese tax code (mã số thuế), as a seller's settings or a buyer on the payment dialog give it:
 *
 * - an organisation's: 10 digits, the first two its province, the tenth a check digit over the first nine;
 * - a dependent unit's (a branch): its organisation's 10 digits, a hyphen and its own 3 digits, 001 to 999;
 * - since 1 July 2025, an individual's, a household's or a household business's: the person's 12-digit
 *   identification number (số định danh cá nhân), which replaced the tax codes issued to them. A restaurant run as
 *   a household business invoices under it, and a buyer may ask for an invoice under theirs. It has no check digit.
 *
 * Spaces around the code are dropped; any other character (a space inside, a dot, a missing hyphen) is refused, so
 * what the invoice carries is what the tax authority registered.
 */

const ORGANISATION = /^(\d{10})(?:-(\d{3}))?$/;
const PERSONAL_IDENTIFICATION = /^\d{12}$/;
const CHECK_WEIGHTS = [31, 29, 23, 19, 17, 13, 7, 5, 3] as const;

/**
 * The tenth digit the first nine call for: 10 − (their weighted sum mod 11). When the sum is a multiple of 11 that
 * would be 10, which is no digit: the tax authority issues no code on such a base, so null.
 */
export function taxCodeCheckDigit(firstNine: string): number | null {
  const sum = CHECK_WEIGHTS.reduce((total, weight, index) => total + weight * Number(firstNine[index]), 0);
  const check = 10 - (sum % 11);
  return check === 10 ? null : check;
}

type TaxCodeProblem = 'shape' | 'check-digit' | 'no-sequence' | 'branch-zero';

function taxCodeProblem(code: string): TaxCodeProblem | null {
  if (PERSONAL_IDENTIFICATION.test(code)) return null;
  const organisation = ORGANISATION.exec(code);
  if (!organisation) return 'shape';
  const [, tenDigits = '', branch] = organisation;
  // After the province come seven digits of sequence, numbered from 0000001.
  if (tenDigits.slice(2, 9) === '0000000') return 'no-sequence';
  if (taxCodeCheckDigit(tenDigits.slice(0, 9)) !== Number(tenDigits[9])) return 'check-digit';
  if (branch === '000') return 'branch-zero';
  return null;
}

/** Whether the text (spaces around it aside) is a tax code as described above, its check digit included. */
export function isVietnameseTaxCode(text: string): boolean {
  return taxCodeProblem(text.trim()) === null;
}

export const taxCodeSchema = z
  .string()
  .trim()
  .superRefine((code, context) => {
    switch (taxCodeProblem(code)) {
      case 'shape':
        context.addIssue({
          code: 'custom',
          message:
            "A tax code has 10 digits, or 10 digits, a hyphen and 3 more for a branch, or a person's 12-digit ID number",
        });
        break;
      case 'check-digit':
        context.addIssue({
          code: 'custom',
          message: "The tax code's 10th digit does not match the 9 before it: check it for a typo",
        });
        break;
      case 'no-sequence':
        context.addIssue({
          code: 'custom',
          message: 'No tax code has seven zeros after its first two digits: check it',
        });
        break;
      case 'branch-zero':
        context.addIssue({ code: 'custom', message: "A branch's 3 digits after the hyphen run from 001 to 999" });
        break;
    }
  });
