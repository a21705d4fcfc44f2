import * as z from "zod/mini";
import { email, firstName, lastName, password, passwordsMatch, phoneNumber } from "../../lib/accountFields";

export const signInSchema = z.object({ email, password });

export const registerSchema = z
  .object({ firstName, lastName, email, phoneNumber, password, confirmPassword: z.string() })
  .check(passwordsMatch);

export const forgotPasswordSchema = z.object({ email });

export const newPasswordSchema = z.object({ password, confirmPassword: z.string() }).check(passwordsMatch);
