import { type FormEvent, useEffect, useId, useState } from "react";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { FormField } from "../../../ui/FormField";
import { SelectField } from "../../../ui/SelectField";
import { SubmitButton } from "../../../ui/SubmitButton";
import {
  KEYWORD_DATA_CACHE_DAYS,
  KEYWORD_DATA_LANGUAGES,
  KEYWORD_DATA_LOCATIONS,
  keywordDataProviderFormSchema,
  languageName,
  locationName,
} from "@contracts/keyword_data";
import { formatDate } from "../../../lib/dates";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useResource } from "../../../lib/useResource";
import { useUser } from "../../auth/index";
import {
  getKeywordDataProviderStatus,
  type KeywordDataProviderStatus,
  removeKeywordDataProvider,
  saveKeywordDataProvider,
} from "../data/keywordData";
import "./keyword-data-provider.css";

const LOCATION_OPTIONS = KEYWORD_DATA_LOCATIONS.map(({ code, name }) => ({ value: String(code), label: name }));
const LANGUAGE_OPTIONS = KEYWORD_DATA_LANGUAGES.map(({ code, name }) => ({ value: code, label: name }));

function statusText(status: KeywordDataProviderStatus | null | undefined): string {
  if (status === undefined) return "Checking for a connected account…";
  if (status === null) return "Not connected: keyword research shows AI estimates.";
  return `Connected (login ending in ${status.loginLast4}, password ending in ${status.passwordLast4}): ` +
    `data for ${locationName(status.locationCode)} in ${languageName(status.languageCode)}, saved ${formatDate(status.updatedAt)}.`;
}

/**
 * The keyword-data provider in Profile: a DataForSEO account's API login
 * and password (write-only, like the AI keys: only their last four
 * characters come back) and the location and language keyword data is
 * asked for. With an account, Keyword Phrases shows DataForSEO's numbers
 * and their cost; without one, AI estimates.
 */
export function KeywordDataProviderForm() {
  const user = useUser();
  const status = useResource(() => getKeywordDataProviderStatus(), []);
  const current = status.resource.status === "ready" ? status.resource.data : status.resource.status === "failed" ? null : undefined;
  const [values, setValues] = useState({ login: "", password: "", locationCode: "2840", languageCode: "en" });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof values, string>>>({});
  const [busy, setBusy] = useState<"save" | "remove" | null>(null);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const statusId = useId();

  useEffect(() => {
    if (current) setValues((previous) => ({ ...previous, locationCode: String(current.locationCode), languageCode: current.languageCode }));
  }, [current]);

  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues((previous) => ({ ...previous, [name]: event.target.value })),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) {
      notifyError("Authentication required");
      return;
    }
    const parsed = keywordDataProviderFormSchema.safeParse(values);
    const problems: typeof errors = {};
    if (!parsed.success) for (const issue of parsed.error.issues) problems[issue.path[0] as keyof typeof values] ??= issue.message;
    if (!current && !values.login.trim()) problems.login = "Enter your DataForSEO API login";
    if (!current && !values.password.trim()) problems.password = "Enter your DataForSEO API password";
    setErrors(problems);
    if (!parsed.success || Object.keys(problems).length > 0) return;
    setBusy("save");
    try {
      await saveKeywordDataProvider(parsed.data);
      notifySuccess("Keyword data provider saved");
      setValues((previous) => ({ ...previous, login: "", password: "" }));
      status.reload();
    } catch {
      notifyError("Failed to save the keyword data provider");
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setConfirmingRemoval(false);
    setBusy("remove");
    try {
      await removeKeywordDataProvider();
      notifySuccess("Keyword data provider removed");
      status.reload();
    } catch {
      notifyError("Failed to remove the keyword data provider");
    } finally {
      setBusy(null);
    }
  };

  return (
    <article id="keyword-data-provider" aria-busy={current === undefined || undefined}>
      <h2>Keyword data</h2>
      <p>
        Connect a DataForSEO account to see measured Google search volume, cost per click, competition and keyword
        difficulty instead of AI estimates. Each new topic is paid from your DataForSEO balance (the cost is shown
        before anything is fetched); a topic asked again within {KEYWORD_DATA_CACHE_DAYS} days costs nothing.
      </p>
      <p id={statusId} className="provider-status">
        {statusText(current)}
      </p>
      <form className="keyword-data-form" onSubmit={submit} noValidate aria-describedby={statusId}>
        <FormField
          label="DataForSEO API login"
          autoComplete="off"
          spellCheck={false}
          help={current ? "Leave empty to keep the saved login." : "From app.dataforseo.com → API Access."}
          {...field("login")}
        />
        <FormField
          label="DataForSEO API password"
          type="password"
          autoComplete="off"
          help={current ? "Leave empty to keep the saved password." : "The API password, not your dashboard password."}
          {...field("password")}
        />
        <SelectField label="Location" options={LOCATION_OPTIONS} {...field("locationCode")} />
        <SelectField label="Language" options={LANGUAGE_OPTIONS} {...field("languageCode")} />
        <div className="provider-actions">
          <SubmitButton busy={busy === "save"}>Save keyword data provider</SubmitButton>
          {current && (
            <button type="button" className="secondary outline" disabled={busy !== null} aria-busy={busy === "remove" || undefined} onClick={() => setConfirmingRemoval(true)}>
              Remove
            </button>
          )}
        </div>
      </form>
      {confirmingRemoval && (
        <ConfirmDialog
          title="Remove your DataForSEO account?"
          message="Keyword research goes back to AI estimates."
          confirmLabel="Remove"
          onCancel={() => setConfirmingRemoval(false)}
          onConfirm={() => void remove()}
        />
      )}
    </article>
  );
}
