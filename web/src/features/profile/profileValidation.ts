import * as z from "zod/mini";
import { firstName, lastName, password, passwordsMatch, phoneNumber } from "../../lib/accountFields";

/** Profile Settings' personal details: the sign-up rules (spec §5). */
export const personalDetailsSchema = z.object({ firstName, lastName, phoneNumber });

/** Profile Settings' password change: the current password, and a new one typed twice. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().check(z.minLength(1, "Enter your current password")),
    password,
    confirmPassword: z.string(),
  })
  .check(passwordsMatch);
