import { Link, useLocation } from "wouter";
import { AuthCard } from "../../components/AuthCard";
import { FormField } from "../../components/FormField";
import { SubmitButton } from "../../components/SubmitButton";
import { signUp } from "../../data/auth";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useForm } from "../../lib/useForm";
import { registerSchema } from "../../lib/validation/auth";

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
    try {
      await signUp(registration);
    } catch {
      notifyError("Failed to register. Please try again.");
      return;
    }
    notifySuccess("Registration successful! Please check your email to verify your account.");
    navigate("/login");
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
