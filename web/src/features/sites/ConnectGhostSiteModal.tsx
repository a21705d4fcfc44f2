import { useEffect, useId, useRef, useState } from "react";
import type * as z from "zod";
import {
  connectGhostSiteRequestSchema,
  GHOST_MESSAGES,
} from "@contracts/ghost_sites";
import { FormField } from "../../ui/FormField";
import { Modal } from "../../ui/Modal";
import { connectGhostSite, GhostConnectionError } from "./data/ghostSites";
import type { ConnectedSite } from "./data/sites";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useForm } from "../../lib/useForm";

type GhostSiteFormValues = z.input<typeof connectGhostSiteRequestSchema>;
const EMPTY_GHOST_FORM: GhostSiteFormValues = { name: "", admin_url: "", admin_api_key: "" };

/**
 * Connect Ghost Site: the server tests the API URL and Admin API key and saves
 * the site only if the test passes ("Connecting..."). A failed test is shown
 * under the field it is about.
 */
export function ConnectGhostSiteModal({ onClose, onConnected }: { onClose(): void; onConnected(site: ConnectedSite): void }) {
  const formId = useId();
  const form = useForm(connectGhostSiteRequestSchema, EMPTY_GHOST_FORM);
  const [busy, setBusy] = useState(false);
  const [testError, setTestError] = useState<GhostConnectionError>();
  const [formError, setFormError] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const adminUrl = form.field("admin_url");
  const adminApiKey = form.field("admin_api_key");

  useEffect(() => {
    if (!testError || busy) return;
    const input = formRef.current?.elements.namedItem(testError.field);
    if (input instanceof HTMLInputElement) input.focus();
  }, [testError, busy]);

  const connect = form.handleSubmit(async (input) => {
    setTestError(undefined);
    setFormError(undefined);
    setBusy(true);
    try {
      const site = await connectGhostSite(input);
      notifySuccess(GHOST_MESSAGES.connected);
      onConnected(site);
    } catch (error) {
      if (error instanceof GhostConnectionError) setTestError(error);
      else if (error instanceof Error && error.message !== GHOST_MESSAGES.connectFailed) setFormError(error.message);
      notifyError(GHOST_MESSAGES.connectFailed);
    } finally {
      setBusy(false);
    }
  });

  const errorFor = (field: GhostConnectionError["field"]) => (testError?.field === field ? testError.message : undefined);
  const footer = (
    <div className="modal-actions">
      <button type="button" className="secondary" disabled={busy} onClick={onClose}>
        Cancel
      </button>
      <button type="submit" form={formId} disabled={busy} aria-busy={busy || undefined}>
        {busy ? "Connecting..." : "Connect Site"}
      </button>
    </div>
  );

  return (
    <Modal title="Connect Ghost Site" onClose={onClose} busy={busy} footer={footer}>
      <form ref={formRef} id={formId} onSubmit={connect} noValidate>
        <fieldset disabled={busy}>
          <FormField label="Site Name" {...form.field("name")} autoComplete="off" />
          <FormField
            label="API URL"
            type="url"
            placeholder="https://example.ghost.io"
            inputMode="url"
            help="Ghost Admin → Settings → Integrations → your custom integration: API URL."
            {...adminUrl}
            error={adminUrl.error ?? errorFor("admin_url")}
            onChange={(event) => {
              setTestError(undefined);
              adminUrl.onChange(event);
            }}
          />
          <FormField
            label="Admin API Key"
            type="password"
            autoComplete="new-password"
            help="The same integration's Admin API key (id:secret)."
            {...adminApiKey}
            error={adminApiKey.error ?? errorFor("admin_api_key")}
            onChange={(event) => {
              setTestError(undefined);
              adminApiKey.onChange(event);
            }}
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
