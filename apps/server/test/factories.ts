import type { RegisterBody } from '@quan/contract/user';

let sequence = 0;

/** Registration fields that pass validation and never collide within a test run. */
export function newAccountInput(overrides: Partial<RegisterBody> = {}): RegisterBody {
  sequence += 1;
  const n = `${process.pid}${sequence}`.slice(-8).padStart(8, '0');
  return {
    name: `Nhân viên ${sequence}`,
    email: `person${sequence}.${process.pid}@example.test`,
    phone: `09${n}`,
    password: 'correct-horse-42',
    ...overrides,
  };
}
