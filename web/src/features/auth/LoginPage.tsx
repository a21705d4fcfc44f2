import { useRef } from "react";
import { Link, Redirect, useLocation, useSearch } from "wouter";
import { AuthCard } from "./AuthCard";
import { FormField } from "../../ui/FormField";
import { Spinner } from "../../ui/Spinner";
import { SubmitButton } from "../../ui/SubmitButton";
import { signIn } from "./data/auth";
import { originState, useOriginLocation } from "../../lib/navigation";
import { notifyError } from "../../lib/notify";
import { useSignInSnapshotHandover } from "./signInSnapshotHandover";
import { useForm } from "../../lib/useForm";
import { useSignedInStatus } from "./session";

/** zod arrives after the form has painted (see useForm): it is needed to submit, not to show the form. */
const loadSignInSchema = () => import("./authValidation").then((module) => module.signInSchema);

/**
 * Sign in. Part of the entry bundle, and prerendered into index.html, which
 * the app hydrates (see signInSnapshot.tsx). A signed-in user (already, or once signing
 * in succeeds) is sent to the location the route guard stored, else to the
 * dashboard.
 */
export default function LoginPage() {
  const status = useSignedInStatus();
  const origin = useOriginLocation();
  const [path] = useLocation();
  const search = useSearch();
  const form = useForm(loadSignInSchema, { email: "", password: "" });
  const formRef = useRef<HTMLFormElement>(null);
  useSignInSnapshotHandover(formRef, form.fill);

  if (status === "unknown") return <Spinner />;
  if (status === "signed-in") return <Redirect to={origin ?? "/"} replace state={originState(path, search)} />;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    try {
      await signIn(email, password);
    } catch {
      notifyError("Failed to sign in. Please check your credentials.");
    }
  });

  return (
    <AuthCard title="Sign in to your account">
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <FormField label="Email" type="email" autoComplete="email" {...form.field("email")} />
        <FormField label="Password" type="password" autoComplete="current-password" {...form.field("password")} />
        <SubmitButton busy={form.submitting}>Sign in</SubmitButton>
      </form>
      <footer className="auth-links">
        <Link href="/forgot-password">Forgot your password?</Link>
        <span>
          Don't have an account? <Link href="/register">Create one</Link>
        </span>
      </footer>
    </AuthCard>
  );
}
