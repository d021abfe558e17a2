import { z } from 'zod';
import { envelope, idSchema, isoDateTimeSchema } from './common';
import { lineText, multiLineText } from './text-fields';
import { userSchema } from './user';

/**
 * A branch: one shop of the organisation, with its own tables, stations, shifts, stock, reservations,
 * order numbers and live events. The menu, the ingredient catalogue, customers, coupons and staff
 * accounts belong to the whole chain; a branch may set its own price and availability for a dish or an
 * option. A restaurant with one branch never sees the word: every screen and call works as it did.
 */
export const branchSchema = z.object({
  _id: idSchema,
  name: z.string(),
  /** The branch's part of its diner links: `/b/<slug>/public-menu`. */
  slug: z.string(),
  address: z.string(),
  phone: z.string(),
  /** The branch's tax code (mã số thuế), printed on its bills. */
  taxCode: z.string(),
  /** Lines printed above every bill and receipt of this branch. */
  receiptHeader: z.string(),
  /** The first branch: the one the product's original diner links (`/public-menu`, `/table/3`) open. */
  isFirst: z.boolean(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Branch = z.infer<typeof branchSchema>;

/**
 * GET /api/branches: the branches the person works in (an admin: every one), in the chain's order, and how many
 * the chain has. Someone who works in one branch of a chain still works in a chain, and their screens name it.
 */
export const branchListSchema = envelope(z.array(branchSchema)).extend({ chainSize: z.int32() });
export type BranchList = z.infer<typeof branchListSchema>;

/** Lower-case letters, digits and single hyphens: a slug reads well in a link and on a printed QR code. */
export const branchSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(2, 'A link name has at least 2 characters')
  .max(40, 'A link name has at most 40 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and hyphens, such as quan-3');

export const branchParamsSchema = z.object({ branchId: idSchema });

const branchFields = {
  name: lineText().min(1, 'Branch name cannot be empty').max(120, 'Branch name can be at most 120 characters'),
  slug: branchSlugSchema,
  address: multiLineText().max(300, 'The address can be at most 300 characters'),
  phone: lineText().max(20, 'The phone number can be at most 20 characters'),
  taxCode: lineText()
    .regex(/^(\d{10}(-\d{3})?)?$/, 'A tax code has 10 digits, or 10 digits, a hyphen and 3 more')
    .max(14),
  receiptHeader: multiLineText().max(300, 'The receipt header can be at most 300 characters'),
};

export const createBranchBodySchema = z.strictObject({
  ...branchFields,
  address: branchFields.address.optional(),
  phone: branchFields.phone.optional(),
  taxCode: branchFields.taxCode.optional(),
  receiptHeader: branchFields.receiptHeader.optional(),
});
export type CreateBranchBody = z.infer<typeof createBranchBodySchema>;

export const updateBranchBodySchema = z.strictObject({
  name: branchFields.name.optional(),
  slug: branchFields.slug.optional(),
  address: branchFields.address.optional(),
  phone: branchFields.phone.optional(),
  taxCode: branchFields.taxCode.optional(),
  receiptHeader: branchFields.receiptHeader.optional(),
});
export type UpdateBranchBody = z.infer<typeof updateBranchBodySchema>;

/** The roles a person holds in a branch; an admin (the owner) holds every branch and is listed in none. */
export const branchRoles = ['manager', 'staff'] as const;
export const branchRoleSchema = z.enum(branchRoles, 'A role in a branch is manager or staff');
export type BranchRole = z.infer<typeof branchRoleSchema>;

export const branchMembershipSchema = z.object({ branchId: idSchema, role: branchRoleSchema });
export type BranchMembership = z.infer<typeof branchMembershipSchema>;

/** The branches a person works in, given whole: each branch at most once. */
export const setUserBranchesBodySchema = z.strictObject({
  branches: z
    .array(branchMembershipSchema)
    .max(200)
    .refine(
      (list) => new Set(list.map((entry) => entry.branchId)).size === list.length,
      'Each branch can be listed once',
    ),
});
export type SetUserBranchesBody = z.infer<typeof setUserBranchesBodySchema>;

/** The branch this session works in: everything on the staff screens is this branch's. */
export const switchBranchBodySchema = z.strictObject({ branchId: idSchema });
export type SwitchBranchBody = z.infer<typeof switchBranchBodySchema>;

/**
 * An account as the accounts screen lists it: `role` is the person's role in the viewer's branch (else their
 * account's), and `branches` every branch they work in with their role there (none for an admin, who holds
 * every branch, or for a newcomer not yet approved).
 */
export const userWithBranchesSchema = userSchema.extend({ branches: z.array(branchMembershipSchema) });
export type UserWithBranches = z.infer<typeof userWithBranchesSchema>;
