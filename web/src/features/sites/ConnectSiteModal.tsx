import { useEffect, useId, useRef, useState } from "react";
import { WORDPRESS_MESSAGES } from "@contracts/sites";
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

type Phase = "editing" | "validating" | "connecting";

const BUTTON_TEXT: Record<Phase, string> = {
  editing: "Connect Site",
  validating: "Validating...",
  connecting: "Connecting...",
};

/**
 * Connect WordPress Site: the connection is tested first (nothing saved,
 * "Validating..."), then tested again and saved by the server
 * ("Connecting..."). A failed test is shown under Site URL.
 */
export function ConnectSiteModal({ onClose, onConnected }: { onClose(): void; onConnected(site: ConnectedSite): void }) {
  const formId = useId();
  const form = useForm(siteFormSchema, EMPTY_SITE_FORM);
  const [phase, setPhase] = useState<Phase>("editing");
  const [siteUrlError, setSiteUrlError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const siteUrl = form.field("site_url");
  const formRef = useRef<HTMLFormElement>(null);

  const fail = (error: unknown) => {
    if (error instanceof SiteConnectionError) {
      setSiteUrlError(error.message);
    } else if (error instanceof Error && error.message !== WORDPRESS_MESSAGES.connectFailed) {
      setFormError(error.message);
    }
    notifyError(WORDPRESS_MESSAGES.connectFailed);
  };

  // Once the fields are enabled again, take the user to the failed test's message.
  useEffect(() => {
    if (!siteUrlError || phase !== "editing") return;
    const input = formRef.current?.elements.namedItem("site_url");
    if (input instanceof HTMLInputElement) input.focus();
  }, [siteUrlError, phase]);

  const connect = form.handleSubmit(async (input) => {
    setSiteUrlError(undefined);
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
          <FormField
            label="Site URL"
            type="url"
            placeholder="https://example.com"
            inputMode="url"
            {...siteUrl}
            error={siteUrl.error ?? siteUrlError}
            onChange={(event) => {
              setSiteUrlError(undefined);
              siteUrl.onChange(event);
            }}
          />
          <FormField label="Username" {...form.field("username")} autoComplete="off" />
          <FormField
            label="Application Password"
            type="password"
            autoComplete="new-password"
            help="Users → Profile → Application Passwords in your WordPress admin."
            {...form.field("application_password")}
          />
          <FormField
            label="Webhook Secret (Optional)"
            type="password"
            autoComplete="new-password"
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
