import * as z from "zod/mini";
import {
  PROFILE_LIMIT_MESSAGES,
  PROFILE_LIMITS,
} from "@contracts/text_limits";

const MIN_PASSWORD_LENGTH = 6;
const MIN_NAME_LENGTH = 2;
const MIN_PHONE_LENGTH = 10;

const email = z.string().check(z.trim(), z.email("Please enter a valid email address"));
const password = z.string().check(z.minLength(MIN_PASSWORD_LENGTH, "Password must be at least 6 characters"));
const passwordsMatch = z.refine<{ password: string; confirmPassword: string }>(
  (values) => values.password === values.confirmPassword,
  {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  },
);

export const signInSchema = z.object({ email, password });

const firstName = z.string().check(
  z.trim(),
  z.minLength(MIN_NAME_LENGTH, "First name is required"),
  z.maxLength(PROFILE_LIMITS.firstName, PROFILE_LIMIT_MESSAGES.firstName),
);
const lastName = z.string().check(
  z.trim(),
  z.minLength(MIN_NAME_LENGTH, "Last name is required"),
  z.maxLength(PROFILE_LIMITS.lastName, PROFILE_LIMIT_MESSAGES.lastName),
);
const phoneNumber = z.string().check(
  z.trim(),
  z.minLength(MIN_PHONE_LENGTH, "Please enter a valid phone number"),
  z.maxLength(PROFILE_LIMITS.phoneNumber, PROFILE_LIMIT_MESSAGES.phoneNumber),
);

export const registerSchema = z
  .object({ firstName, lastName, email, phoneNumber, password, confirmPassword: z.string() })
  .check(passwordsMatch);

/** Profile Settings' personal details: the sign-up rules (spec §5). */
export const personalDetailsSchema = z.object({ firstName, lastName, phoneNumber });

export const forgotPasswordSchema = z.object({ email });

export const newPasswordSchema = z.object({ password, confirmPassword: z.string() }).check(passwordsMatch);

/** Profile Settings' password change: the current password, and a new one typed twice. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().check(z.minLength(1, "Enter your current password")),
    password,
    confirmPassword: z.string(),
  })
  .check(passwordsMatch);
