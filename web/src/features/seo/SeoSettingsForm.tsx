import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { SubmitButton } from "../../ui/SubmitButton";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useUser } from "../auth/index";
import { ARTICLE_CHECKS, CHOOSABLE_LANGUAGES, type CheckGroup } from "./analysis/catalog";
import { changeSeoSettings, ensureSeoSettings, useSeoState } from "./seoStore";
import "./seo.css";

const GROUPS: { group: CheckGroup; legend: string }[] = [
  { group: "seo", legend: "SEO checks" },
  { group: "readability", legend: "Readability checks" },
];

/**
 * The editor's SEO settings, in Profile: which checks run (each can be
 * switched off), the score under which Publish warns, and the language the
 * readability checks assume.
 */
export function SeoSettingsForm() {
  const user = useUser();
  const { settings, settingsLoad } = useSeoState();
  const [disabled, setDisabled] = useState<Set<string>>(new Set(settings.disabledChecks));
  const [threshold, setThreshold] = useState(String(settings.publishWarningBelow));
  const [language, setLanguage] = useState(settings.language);
  const [thresholdError, setThresholdError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const thresholdId = useId();
  const languageId = useId();

  const formRef = useRef<HTMLElement>(null);
  useEffect(() => {
    void ensureSeoSettings();
    // The editor's panel links here as /profile#seo-settings.
    if (window.location.hash === "#seo-settings") formRef.current?.scrollIntoView?.();
  }, []);
  // The stored settings replace the defaults once they arrive.
  useEffect(() => {
    setDisabled(new Set(settings.disabledChecks));
    setThreshold(String(settings.publishWarningBelow));
    setLanguage(settings.language);
  }, [settings]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) {
      notifyError("Authentication required");
      return;
    }
    const value = Number(threshold);
    if (threshold.trim() === "" || !Number.isInteger(value) || value < 0 || value > 100) {
      setThresholdError("Enter a whole number from 0 to 100");
      return;
    }
    setThresholdError(undefined);
    setSaving(true);
    try {
      await changeSeoSettings(user.id, { disabledChecks: [...disabled].sort(), publishWarningBelow: value, language });
      notifySuccess("SEO settings saved");
    } catch {
      notifyError("Failed to save the SEO settings");
    } finally {
      setSaving(false);
    }
  };

  const toggle = (id: string, on: boolean) =>
    setDisabled((current) => {
      const next = new Set(current);
      if (on) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <article id="seo-settings" ref={formRef} aria-busy={settingsLoad === "loading" || undefined}>
      <h2>SEO checks in the editor</h2>
      <p>The editor scores each article as you write. Choose the checks, when Publish should warn, and the language.</p>
      <form className="seo-settings-form" onSubmit={submit} noValidate>
        {GROUPS.map(({ group, legend }) => (
          <fieldset key={group} className="seo-settings-checks">
            <legend>{legend}</legend>
            {ARTICLE_CHECKS.filter((check) => check.group === group).map((check) => (
              <label key={check.id}>
                <input
                  type="checkbox"
                  role="switch"
                  name={check.id}
                  checked={!disabled.has(check.id)}
                  onChange={(event) => toggle(check.id, event.target.checked)}
                />
                {check.label}
              </label>
            ))}
          </fieldset>
        ))}
        <label htmlFor={thresholdId}>Warn before publishing below this score</label>
        <input
          id={thresholdId}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          value={threshold}
          aria-invalid={thresholdError ? true : undefined}
          aria-describedby={`${thresholdId}-note`}
          onChange={(event) => setThreshold(event.target.value)}
        />
        <small id={`${thresholdId}-note`}>{thresholdError ?? "0 to 100; 0 never warns. Publishing is never blocked."}</small>
        <label htmlFor={languageId}>Language of your articles</label>
        <select id={languageId} value={language} onChange={(event) => setLanguage(event.target.value)}>
          <option value="auto">Detect from the text</option>
          {CHOOSABLE_LANGUAGES.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
        <SubmitButton busy={saving}>Save SEO settings</SubmitButton>
      </form>
    </article>
  );
}
