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

export const registerSchema = z
  .object({
    firstName: z.string().check(
      z.trim(),
      z.minLength(MIN_NAME_LENGTH, "First name is required"),
      z.maxLength(PROFILE_LIMITS.firstName, PROFILE_LIMIT_MESSAGES.firstName),
    ),
    lastName: z.string().check(
      z.trim(),
      z.minLength(MIN_NAME_LENGTH, "Last name is required"),
      z.maxLength(PROFILE_LIMITS.lastName, PROFILE_LIMIT_MESSAGES.lastName),
    ),
    email,
    phoneNumber: z.string().check(
      z.trim(),
      z.minLength(MIN_PHONE_LENGTH, "Please enter a valid phone number"),
      z.maxLength(PROFILE_LIMITS.phoneNumber, PROFILE_LIMIT_MESSAGES.phoneNumber),
    ),
    password,
    confirmPassword: z.string(),
  })
  .check(passwordsMatch);

export const forgotPasswordSchema = z.object({ email });

export const newPasswordSchema = z.object({ password, confirmPassword: z.string() }).check(passwordsMatch);
