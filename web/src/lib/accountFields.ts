import * as z from "zod/mini";
import { PROFILE_LIMIT_MESSAGES, PROFILE_LIMITS } from "@contracts/text_limits";

/**
 * The rules of an account's fields (spec §5), shared by the sign-up form and
 * Profile Settings. zod/mini: the sign-in screen loads these at its first
 * interaction, so they stay small.
 */

const MIN_PASSWORD_LENGTH = 6;
const MIN_NAME_LENGTH = 2;
const MIN_PHONE_LENGTH = 10;

export const email = z.string().check(z.trim(), z.email("Please enter a valid email address"));
export const password = z.string().check(z.minLength(MIN_PASSWORD_LENGTH, "Password must be at least 6 characters"));
export const passwordsMatch = z.refine<{ password: string; confirmPassword: string }>(
  (values) => values.password === values.confirmPassword,
  {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  },
);

export const firstName = z.string().check(
  z.trim(),
  z.minLength(MIN_NAME_LENGTH, "First name is required"),
  z.maxLength(PROFILE_LIMITS.firstName, PROFILE_LIMIT_MESSAGES.firstName),
);
export const lastName = z.string().check(
  z.trim(),
  z.minLength(MIN_NAME_LENGTH, "Last name is required"),
  z.maxLength(PROFILE_LIMITS.lastName, PROFILE_LIMIT_MESSAGES.lastName),
);
export const phoneNumber = z.string().check(
  z.trim(),
  z.minLength(MIN_PHONE_LENGTH, "Please enter a valid phone number"),
  z.maxLength(PROFILE_LIMITS.phoneNumber, PROFILE_LIMIT_MESSAGES.phoneNumber),
);
