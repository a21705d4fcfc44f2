import { useId } from "react";
import { FormField } from "../../ui/FormField";
import { SubmitButton } from "../../ui/SubmitButton";
import { personalDetailsSchema } from "./profileValidation";
import { loadPersonalDetails, savePersonalDetails } from "./data/profile";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useForm } from "../../lib/useForm";
import { useResource } from "../../lib/useResource";

export const DETAILS_MESSAGES = {
  saved: "Your details were saved",
  failed: "Failed to save your details",
  loadFailed: "Your details could not be loaded.",
} as const;

/** Name and phone number as given at sign-up, shown and editable (the sign-up rules apply). */
export function PersonalDetailsForm({ userId }: { userId: string }) {
  const headingId = useId();
  const form = useForm(personalDetailsSchema, { firstName: "", lastName: "", phoneNumber: "" });
  const load = useResource(
    async (signal) => {
      const details = await loadPersonalDetails(userId);
      if (!signal.aborted) form.fill(details);
      return details;
    },
    [userId],
  );

  const onSubmit = form.handleSubmit(async (details) => {
    try {
      await savePersonalDetails(userId, details);
    } catch {
      notifyError(DETAILS_MESSAGES.failed);
      return;
    }
    notifySuccess(DETAILS_MESSAGES.saved);
  });

  return (
    <article aria-labelledby={headingId}>
      <h2 id={headingId}>Personal details</h2>
      {load.resource.status === "failed" ? (
        <p role="alert">
          {DETAILS_MESSAGES.loadFailed}{" "}
          <button type="button" className="secondary outline" onClick={load.reload}>
            Retry
          </button>
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-busy={load.loading || undefined}>
          <fieldset disabled={load.loading || form.submitting}>
            <div className="grid">
              <div>
                <FormField label="First name" autoComplete="given-name" {...form.field("firstName")} />
              </div>
              <div>
                <FormField label="Last name" autoComplete="family-name" {...form.field("lastName")} />
              </div>
            </div>
            <FormField label="Phone number" type="tel" autoComplete="tel" {...form.field("phoneNumber")} />
          </fieldset>
          <SubmitButton busy={form.submitting}>Save details</SubmitButton>
        </form>
      )}
    </article>
  );
}
