import { useEffect, useId, useRef, useState } from "react";
import { type ConnectionField, WORDPRESS_MESSAGES } from "@contracts/sites";
import { FormField } from "../../ui/FormField";
import { Modal } from "../../ui/Modal";
import { SiteConnectionError, updateWordPressSite, type ConnectedSite } from "./data/sites";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useForm } from "../../lib/useForm";
import { editSiteFormSchema, editSiteValuesOf } from "./siteForm";
import { FieldHelp } from "./FieldHelp";

export const KEEP_PASSWORD_HELP =
  "Leave blank to keep the current password. A new one is tested with WordPress before it is saved.";

/**
 * Edit WordPress Site: name, username and application password. The
 * address cannot change (another address is another site). The stored
 * password is never shown: blank keeps it. A new username or password is
 * tested with WordPress by the server before anything is saved, so a wrong
 * one is refused and nothing changes; a new name alone is just saved.
 */
export function EditSiteModal({
  site,
  onClose,
  onSaved,
}: {
  site: ConnectedSite;
  onClose(): void;
  onSaved(site: ConnectedSite): void;
}) {
  const formId = useId();
  const form = useForm(editSiteFormSchema, editSiteValuesOf(site));
  const [saving, setSaving] = useState(false);
  /** Why the last save failed: under a field when the connection test refused it, else for the form. */
  const [refusal, setRefusal] = useState<{ message: string; field?: ConnectionField; help?: string }>();
  const formRef = useRef<HTMLFormElement>(null);

  // Once the fields are enabled again, take the user to what WordPress refused.
  useEffect(() => {
    if (!refusal?.field || saving) return;
    const input = formRef.current?.elements.namedItem(refusal.field);
    if (input instanceof HTMLInputElement) input.focus();
  }, [refusal, saving]);
  const errorFor = (name: ConnectionField, own?: string) => own ?? (refusal?.field === name ? refusal.message : undefined);
  const helpFor = (name: ConnectionField) => (refusal?.field === name ? <FieldHelp help={refusal.help} /> : null);

  const credentialsChanged =
    form.values.username.trim() !== site.username || form.values.application_password.trim() !== "";

  const save = form.handleSubmit(async (changes) => {
    setRefusal(undefined);
    setSaving(true);
    try {
      const saved = await updateWordPressSite(site.id, changes);
      notifySuccess(WORDPRESS_MESSAGES.updated);
      onSaved(saved);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : WORDPRESS_MESSAGES.updateFailed;
      if (error instanceof SiteConnectionError) {
        setRefusal({ message, field: error.field, help: error.help });
      } else {
        setRefusal({ message });
        notifyError(WORDPRESS_MESSAGES.updateFailed);
      }
    } finally {
      setSaving(false);
    }
  });

  const footer = (
    <div className="modal-actions">
      <button type="button" className="secondary" disabled={saving} onClick={onClose}>
        Cancel
      </button>
      <button type="submit" form={formId} disabled={saving} aria-busy={saving || undefined}>
        {saving ? (credentialsChanged ? "Testing and saving..." : "Saving...") : "Save Changes"}
      </button>
    </div>
  );

  return (
    <Modal title="Edit WordPress Site" onClose={onClose} busy={saving} footer={footer}>
      <form ref={formRef} id={formId} onSubmit={save} noValidate>
        <fieldset disabled={saving}>
          <FormField label="Site Name" {...form.field("name")} autoComplete="off" />
          <FormField
            label="Site URL"
            name="site_url"
            value={site.site_url}
            readOnly
            help="To use another address, remove this site and connect the other one."
            error={errorFor("site_url")}
          />
          {helpFor("site_url")}
          <FormField
            label="Username"
            {...form.field("username")}
            error={errorFor("username", form.field("username").error)}
            autoComplete="off"
          />
          {helpFor("username")}
          <FormField
            label="Application Password"
            type="password"
            autoComplete="new-password"
            placeholder="Unchanged"
            help={KEEP_PASSWORD_HELP}
            {...form.field("application_password")}
            error={errorFor("application_password", form.field("application_password").error)}
          />
          {helpFor("application_password")}
        </fieldset>
        <div aria-live="polite">
          {refusal && !refusal.field && (
            <p role="alert" className="form-error">
              {refusal.message}
            </p>
          )}
        </div>
      </form>
    </Modal>
  );
}
