import { describe, expect, it } from 'vitest';
import { isVietnameseTaxCode, taxCodeCheckDigit, taxCodeSchema } from './tax-code';

const SHAPE =
  "A tax code has 10 digits, or 10 digits, a hyphen and 3 more for a branch, or a person's 12-digit ID number";
const CHECK_DIGIT = "The tax code's 10th digit does not match the 9 before it: check it for a typo";

function messagesFor(text: string): string[] {
  return taxCodeSchema.safeParse(text).error?.issues.map((issue) => issue.message) ?? [];
}

describe("a tax code's check digit", () => {
  it.each([
    // 31·0 + 29·1 + 23·0 + 19·0 + 17·2 + 13·3 + 7·3 + 5·4 + 3·8 = 167; 167 mod 11 = 2; 10 − 2 = 8
    ['010023348', 8],
    ['031234567', 3],
    ['790012345', 5],
    // 31·0 + 29·1 + 23·0 + 19·0 + 17·0 + 13·4 + 7·7 + 5·5 + 3·1 = 158; 158 mod 11 = 4; 10 − 4 = 6
    ['010004751', 6],
    // 175 mod 11 = 10: a remainder of 10 calls for 0.
    ['010023384', 0],
  ])('of %s is %i', (firstNine, check) => {
    expect(taxCodeCheckDigit(firstNine)).toBe(check);
  });

  it('is no digit when the weighted sum is a multiple of 11, so no code is issued on that base', () => {
    // 31·0 + 29·3 + 23·0 + 19·1 + 17·5 + 13·3 + 7·4 + 5·2 + 3·6 = 286 = 26 · 11
    expect(taxCodeCheckDigit('030153426')).toBeNull();
    for (let digit = 0; digit <= 9; digit += 1) expect(isVietnameseTaxCode(`030153426${digit}`)).toBe(false);
  });
});

describe('a Vietnamese tax code', () => {
  it.each([
    ['0100233488', 'a company in Hà Nội'],
    ['0312345673', 'a company in Hồ Chí Minh City'],
    ['3600532315', 'a company in another province'],
    ['8037630690', "an individual's 10-digit code from before July 2025"],
    ['0100109106-505', 'a dependent unit (branch) of a company'],
    ['0314409058-002', "another company's second branch"],
    ['0314409058-999', 'the last branch number'],
    ['001087123456', "a person's 12-digit identification number, a household business's tax code since July 2025"],
    ['  0100233488 ', 'with spaces around it'],
  ])('admits %s (%s)', (code) => {
    expect(isVietnameseTaxCode(code)).toBe(true);
    expect(messagesFor(code)).toEqual([]);
  });

  it('is kept without the spaces around it', () => {
    expect(taxCodeSchema.parse(' 0314409058-002 ')).toBe('0314409058-002');
  });

  it.each([
    ['0100233480', 'the right company with its last digit mistyped'],
    ['0312345678', 'the counting-up number people type as a placeholder'],
    ['0100233848', 'two digits swapped'],
    ['0100233480-002', 'a branch of a code whose 10th digit is wrong'],
  ])('refuses %s (%s) for its check digit', (code) => {
    expect(isVietnameseTaxCode(code)).toBe(false);
    expect(messagesFor(code)).toEqual([CHECK_DIGIT]);
  });

  it.each([
    ['', 'nothing'],
    ['010023348', 'nine digits'],
    ['01002334888', 'eleven digits'],
    ['0314409058002', 'a branch without its hyphen'],
    ['0314409058-02', 'a branch with two digits'],
    ['0100 233 488', 'spaces inside'],
    ['01.00.233.488', 'dots inside'],
    ['0100233488 - 002', 'spaces around the hyphen'],
    ['MST0100233488', 'a label in front'],
    ['０１００２３３４８８', 'full-width digits'],
    ['00108712345', 'an identification number one digit short'],
  ])('refuses %s (%s) for its shape', (code) => {
    expect(isVietnameseTaxCode(code)).toBe(false);
    expect(messagesFor(code)).toEqual([SHAPE]);
  });

  it('refuses a code whose sequence is all zeros, even with a matching check digit', () => {
    expect(taxCodeCheckDigit('010000000')).toBe(3);
    expect(messagesFor('0100000003')).toEqual(['No tax code has seven zeros after its first two digits: check it']);
  });

  it('refuses branch 000', () => {
    expect(messagesFor('0314409058-000')).toEqual(["A branch's 3 digits after the hyphen run from 001 to 999"]);
  });
});
