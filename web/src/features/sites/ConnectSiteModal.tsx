import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { type ConnectionField, WORDPRESS_MESSAGES } from "@contracts/sites";
import { FormField } from "../../ui/FormField";
import { Modal } from "../../ui/Modal";
import {
  connectWordPressSite,
  SiteConnectionError,
  testWordPressConnection,
  type ConnectedSite,
} from "./data/sites";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useForm } from "../../lib/useForm";
import { EMPTY_SITE_FORM, siteFormSchema } from "./siteForm";
import { FieldHelp } from "./FieldHelp";

type Phase = "editing" | "validating" | "connecting";

const BUTTON_TEXT: Record<Phase, string> = {
  editing: "Connect Site",
  validating: "Validating...",
  connecting: "Connecting...",
};

type Refusal = { field: ConnectionField; message: string; help?: string };

/**
 * Connect WordPress Site: the connection is tested first (nothing saved,
 * "Validating..."), then tested again and saved by the server
 * ("Connecting..."). A failed test is shown under the field it is about (a
 * refused login under Application Password, an address that is not
 * WordPress under Site URL), with how to fix it behind the message.
 */
export function ConnectSiteModal({ onClose, onConnected }: { onClose(): void; onConnected(site: ConnectedSite): void }) {
  const formId = useId();
  const form = useForm(siteFormSchema, EMPTY_SITE_FORM);
  const [phase, setPhase] = useState<Phase>("editing");
  const [refusal, setRefusal] = useState<Refusal>();
  const [formError, setFormError] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);

  /** A field's props with the refused test's message under it; typing there clears the message. */
  const tested = (name: ConnectionField) => {
    const props = form.field(name);
    return {
      ...props,
      error: props.error ?? (refusal?.field === name ? refusal.message : undefined),
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        if (refusal?.field === name) setRefusal(undefined);
        props.onChange(event);
      },
    };
  };
  const helpFor = (name: ConnectionField) => (refusal?.field === name ? <FieldHelp help={refusal.help} /> : null);

  const fail = (error: unknown) => {
    if (error instanceof SiteConnectionError) {
      setRefusal({ field: error.field, message: error.message, help: error.help });
    } else if (error instanceof Error && error.message !== WORDPRESS_MESSAGES.connectFailed) {
      setFormError(error.message);
    }
    notifyError(WORDPRESS_MESSAGES.connectFailed);
  };

  // Once the fields are enabled again, take the user to the failed test's message.
  useEffect(() => {
    if (!refusal || phase !== "editing") return;
    const input = formRef.current?.elements.namedItem(refusal.field);
    if (input instanceof HTMLInputElement) input.focus();
  }, [refusal, phase]);

  const connect = form.handleSubmit(async (input) => {
    setRefusal(undefined);
    setFormError(undefined);
    try {
      setPhase("validating");
      await testWordPressConnection(input);
      setPhase("connecting");
      const site = await connectWordPressSite(input);
      notifySuccess(WORDPRESS_MESSAGES.connected);
      onConnected(site);
    } catch (error) {
      fail(error);
    } finally {
      setPhase("editing");
    }
  });

  const busy = phase !== "editing";
  const footer = (
    <div className="modal-actions">
      <button type="button" className="secondary" disabled={busy} onClick={onClose}>
        Cancel
      </button>
      <button type="submit" form={formId} disabled={busy} aria-busy={busy || undefined}>
        {BUTTON_TEXT[phase]}
      </button>
    </div>
  );

  return (
    <Modal title="Connect WordPress Site" onClose={onClose} busy={busy} footer={footer}>
      <form ref={formRef} id={formId} onSubmit={connect} noValidate>
        <fieldset disabled={busy}>
          <FormField label="Site Name" {...form.field("name")} autoComplete="off" />
          <FormField label="Site URL" type="url" placeholder="https://example.com" inputMode="url" {...tested("site_url")} />
          {helpFor("site_url")}
          <FormField label="Username" {...tested("username")} autoComplete="off" />
          {helpFor("username")}
          <FormField
            label="Application Password"
            type="password"
            autoComplete="new-password"
            help="Users → Profile → Application Passwords in your WordPress admin."
            {...tested("application_password")}
          />
          {helpFor("application_password")}
          <FormField
            label="Webhook Secret (Optional)"
            type="password"
            autoComplete="new-password"
            help={WORDPRESS_MESSAGES.webhookSecretHelp}
            {...form.field("webhook_secret")}
          />
        </fieldset>
        <div aria-live="polite">
          {formError && (
            <p role="alert" className="form-error">
              {formError}
            </p>
          )}
        </div>
      </form>
    </Modal>
  );
}
