import { useId, useState } from "react";
import { FormField } from "../../ui/FormField";
import { SubmitButton } from "../../ui/SubmitButton";
import { changePassword, WrongPasswordError } from "../auth/index";
import { changePasswordSchema } from "./profileValidation";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useForm } from "../../lib/useForm";

export const PASSWORD_MESSAGES = {
  changed: "Your password has been changed.",
  failed: "Failed to change your password. Please try again.",
  samePassword: "Choose a password different from your current one",
} as const;

/** Change the password: the current one first (checked by signing in again), then the new one twice. */
export function ChangePasswordForm({ email }: { email: string }) {
  const headingId = useId();
  const form = useForm(changePasswordSchema, { currentPassword: "", password: "", confirmPassword: "" });
  const [refused, setRefused] = useState<{ field: "currentPassword" | "password"; message: string } | null>(null);
  const field = (name: "currentPassword" | "password" | "confirmPassword") => {
    const props = form.field(name);
    return {
      ...props,
      error: props.error ?? (refused?.field === name ? refused.message : undefined),
      onChange: (event: Parameters<typeof props.onChange>[0]) => {
        if (refused?.field === name) setRefused(null);
        props.onChange(event);
      },
    };
  };

  const onSubmit = form.handleSubmit(async ({ currentPassword, password }) => {
    setRefused(null);
    try {
      await changePassword(email, currentPassword, password);
    } catch (error) {
      if (error instanceof WrongPasswordError) {
        setRefused({ field: "currentPassword", message: error.message });
      } else if ((error as { code?: string } | null)?.code === "same_password") {
        setRefused({ field: "password", message: PASSWORD_MESSAGES.samePassword });
      } else {
        notifyError(PASSWORD_MESSAGES.failed);
      }
      return;
    }
    form.reset();
    notifySuccess(PASSWORD_MESSAGES.changed);
  });

  return (
    <article aria-labelledby={headingId}>
      <h2 id={headingId}>Password</h2>
      <form onSubmit={onSubmit} noValidate>
        {/* Lets password managers pair the new password with this account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormField label="Current password" type="password" autoComplete="current-password" {...field("currentPassword")} />
        <FormField
          label="New password"
          type="password"
          autoComplete="new-password"
          help="At least 6 characters."
          {...field("password")}
        />
        <FormField label="Confirm new password" type="password" autoComplete="new-password" {...field("confirmPassword")} />
        <SubmitButton busy={form.submitting}>Change password</SubmitButton>
      </form>
    </article>
  );
}
