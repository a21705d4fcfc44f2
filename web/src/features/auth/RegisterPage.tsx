import { Link, useLocation } from "wouter";
import { AuthCard } from "./AuthCard";
import { FormField } from "../../ui/FormField";
import { SubmitButton } from "../../ui/SubmitButton";
import { signUp } from "./data/auth";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useForm } from "../../lib/useForm";
import { registerSchema } from "./authValidation";

/** Spec §8: the account must be confirmed from the e-mail before signing in. */
export const REGISTERED_CONFIRM_EMAIL = "Registration successful! Please check your email to verify your account.";
/** The account is active at once (e-mail confirmation off, as locally): the user is signed in. */
export const REGISTERED_SIGNED_IN = "Registration successful! You are now signed in.";

/**
 * Create account. What follows depends on the backend: with e-mail
 * confirmation on (hosted Supabase's default) the spec's message and
 * /login; with it off the new session is live, so the message says so and
 * the user goes straight to the dashboard (README, deviations).
 */
export default function RegisterPage() {
  const [, navigate] = useLocation();
  const form = useForm(registerSchema, {
    firstName: "",
    lastName: "",
    email: "",
    phoneNumber: "",
    password: "",
    confirmPassword: "",
  });

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _, ...registration }) => {
    let signedIn: boolean;
    try {
      ({ signedIn } = await signUp(registration));
    } catch {
      notifyError("Failed to register. Please try again.");
      return;
    }
    if (signedIn) {
      notifySuccess(REGISTERED_SIGNED_IN);
      navigate("/", { replace: true });
    } else {
      notifySuccess(REGISTERED_CONFIRM_EMAIL);
      navigate("/login");
    }
  });

  return (
    <AuthCard title="Create your account">
      <form onSubmit={onSubmit} noValidate>
        <div className="grid">
          <div>
            <FormField label="First name" autoComplete="given-name" {...form.field("firstName")} />
          </div>
          <div>
            <FormField label="Last name" autoComplete="family-name" {...form.field("lastName")} />
          </div>
        </div>
        <FormField label="Email" type="email" autoComplete="email" {...form.field("email")} />
        <FormField label="Phone number" type="tel" autoComplete="tel" {...form.field("phoneNumber")} />
        <FormField label="Password" type="password" autoComplete="new-password" {...form.field("password")} />
        <FormField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          {...form.field("confirmPassword")}
        />
        <SubmitButton busy={form.submitting}>Create account</SubmitButton>
      </form>
      <footer className="auth-links">
        <span>
          Already have an account? <Link href="/login">Sign in</Link>
        </span>
      </footer>
    </AuthCard>
  );
}
