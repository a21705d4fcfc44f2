import { Link, useLocation } from "wouter";
import { AuthCard } from "./AuthCard";
import { FormField } from "../../ui/FormField";
import { Spinner } from "../../ui/Spinner";
import { SubmitButton } from "../../ui/SubmitButton";
import { updatePassword } from "./data/auth";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useForm } from "../../lib/useForm";
import { newPasswordSchema } from "./authValidation";
import { useVerifiedSession } from "./session";

/**
 * Set a new password. Reached from the recovery e-mail link, whose session
 * signs the user in; without a session the link was invalid or has expired.
 */
export default function ResetPasswordPage() {
  const { loading, user } = useVerifiedSession();
  const [, navigate] = useLocation();
  const form = useForm(newPasswordSchema, { password: "", confirmPassword: "" });

  if (loading) return <Spinner />;

  if (!user) {
    return (
      <AuthCard title="Set a new password">
        <p>This password reset link is invalid or has expired.</p>
        <footer className="auth-links">
          <Link href="/forgot-password">Request a new link</Link>
          <Link href="/login">Back to sign in</Link>
        </footer>
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await updatePassword(password);
    } catch {
      notifyError("Failed to update your password. Please try again.");
      return;
    }
    notifySuccess("Your password has been updated.");
    navigate("/", { replace: true });
  });

  return (
    <AuthCard title="Set a new password">
      <form onSubmit={onSubmit} noValidate>
        <FormField label="New password" type="password" autoComplete="new-password" {...form.field("password")} />
        <FormField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          {...form.field("confirmPassword")}
        />
        <SubmitButton busy={form.submitting}>Update password</SubmitButton>
      </form>
    </AuthCard>
  );
}
