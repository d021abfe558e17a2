import { z } from 'zod';
import { lineText, oneLineCheck } from './text-fields';
import { idSchema, isoDateTimeSchema } from './common';
import { languages } from './language';

export const roles = ['admin', 'manager', 'staff'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export const accountStatuses = ['active', 'pending', 'suspended'] as const;
export const accountStatusSchema = z.enum(accountStatuses);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

const nameSchema = lineText().min(2, 'Name must be at least 2 characters').max(80, 'Name can be at most 80 characters');
const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid email address').max(254, 'Email is too long'));
/** Digits, spaces, dots, dashes and a leading +; 8 to 15 digits (Vietnamese mobiles have 10). One check, one message. */
export const phoneSchema = z
  .string()
  .trim()
  .refine((v) => {
    const digits = v.replace(/\D/g, '').length;
    return /^\+?[0-9 .-]{8,20}$/.test(v) && digits >= 8 && digits <= 15;
  }, 'Enter a valid phone number');
export const passwordSchema = z
  .string()
  .check(oneLineCheck())
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password can be at most 128 characters');

/** A language of the screens, as a setting or a person's choice. */
export const languageSchema = z.enum(languages, 'Language must be vi (Tiếng Việt) or en (English)');

export const userSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: roleSchema,
  status: accountStatusSchema,
  avatar: z.string(),
  /** The language this person's screens show; null: the restaurant's. */
  language: languageSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type User = z.infer<typeof userSchema>;

export const registerBodySchema = z.strictObject({
  name: nameSchema,
  email: emailSchema,
  phone: phoneSchema,
  password: passwordSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.strictObject({
  email: emailSchema,
  password: z
    .string()
    .check(oneLineCheck())
    .min(1, 'Enter your password')
    .max(128, 'Password can be at most 128 characters'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/**
 * The signed-in person as their own calls answer it (sign-in, GET and PUT /api/user): with the language
 * their screens show (their own choice, else their branch's), the branch they work in and their role there.
 */
export const currentUserSchema = userSchema.extend({
  screenLanguage: languageSchema,
  /** The branch this session works in; `role` is the person's role there. */
  branchId: idSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const loginResultSchema = z.object({ user: currentUserSchema, token: z.string() });
export type LoginResult = z.infer<typeof loginResultSchema>;

/** An avatar is an https/data URL of an image, or empty for initials. */
const avatarSchema = lineText()
  .max(2048, 'Avatar URL is too long')
  .refine((v) => v === '' || /^https:\/\/\S+$/.test(v), 'Avatar must be an https URL');

export const updateProfileBodySchema = z
  .strictObject({
    name: nameSchema.optional(),
    email: emailSchema.optional(),
    phone: phoneSchema.optional(),
    avatar: avatarSchema.optional(),
    /** This person's language, or null to follow the restaurant's. */
    language: languageSchema.nullable().optional(),
    currentPassword: z.string().check(oneLineCheck()).max(128).optional(),
    newPassword: passwordSchema.optional(),
  })
  .refine((body) => body.newPassword === undefined || !!body.currentPassword, {
    message: 'Enter your current password to set a new one',
    path: ['currentPassword'],
  });
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const updateUserStatusBodySchema = z.strictObject({ status: accountStatusSchema });
export type UpdateUserStatusBody = z.infer<typeof updateUserStatusBodySchema>;

export const updateUserRoleBodySchema = z.strictObject({ role: roleSchema });
export type UpdateUserRoleBody = z.infer<typeof updateUserRoleBodySchema>;

/** The claims of the access token (a JWT): `jti` is the session id, so signing out ends the token. */
export const tokenClaimsSchema = z.object({
  sub: z.string(),
  role: roleSchema,
  jti: z.string(),
  iat: z.number(),
  exp: z.number(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;
