import { Link } from "wouter";
import { AuthCard } from "./AuthCard";
import { FormField } from "../../ui/FormField";
import { SubmitButton } from "../../ui/SubmitButton";
import { requestPasswordReset } from "./data/auth";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useForm } from "../../lib/useForm";
import { forgotPasswordSchema } from "./authValidation";

export default function ForgotPasswordPage() {
  const form = useForm(forgotPasswordSchema, { email: "" });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset(email);
      notifySuccess("Password reset instructions have been sent to your email.");
    } catch {
      notifyError("Failed to send reset instructions. Please try again.");
    }
  });

  return (
    <AuthCard title="Reset your password">
      <p>Enter your email address and we'll send you a link to set a new password.</p>
      <form onSubmit={onSubmit} noValidate>
        <FormField label="Email" type="email" autoComplete="email" {...form.field("email")} />
        <SubmitButton busy={form.submitting}>Send reset instructions</SubmitButton>
      </form>
      <footer className="auth-links">
        <Link href="/login">Back to sign in</Link>
      </footer>
    </AuthCard>
  );
}
