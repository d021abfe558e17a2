import { describe, expect, it } from 'vitest';
import { mayChangeAccount } from './permissions';
import { roles } from './user';

describe("the rule of an account's role", () => {
  it("lets admins change any account, and everyone else only accounts that are not an admin's", () => {
    const allowed = roles.flatMap((actor) =>
      roles.filter((target) => mayChangeAccount(actor, target)).map((target) => `${actor} → ${target}`),
    );
    expect(allowed).toEqual([
      'admin → admin',
      'admin → manager',
      'admin → staff',
      'manager → manager',
      'manager → staff',
      'staff → manager',
      'staff → staff',
    ]);
    expect(mayChangeAccount(null, 'admin')).toBe(false);
  });
});
