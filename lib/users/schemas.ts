import { z } from "zod";

export const ZEmail = z
  .email()
  .max(254)
  .transform((email) => email.trim().toLowerCase());

export const ZPassword = z
  .string()
  .min(10, "use at least 10 characters")
  .max(200, "use at most 200 characters");

const ZOrganizationName = z.string().trim().min(1, "name your organization").max(200);

export const ZSignUpBody = z.strictObject({
  name: z.string().trim().min(1, "enter your name").max(200),
  email: ZEmail,
  password: ZPassword,
  organizationName: ZOrganizationName,
});

export const ZCreateOrganizationBody = z.strictObject({ name: ZOrganizationName });

export const ZSignInCredentials = z.object({
  email: ZEmail,
  password: z.string().min(1).max(200),
  /** The second factor, for an account with two-factor sign-in: a TOTP or recovery code. */
  code: z.string().trim().max(32).optional(),
});

export type TSignUpBody = z.infer<typeof ZSignUpBody>;
