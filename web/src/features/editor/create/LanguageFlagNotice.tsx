import { type DraftLanguageCheck, languageMismatchMessage } from "@contracts/locales";
import "../content/formNotice.css";

type LanguageFlagNoticeProps = { check: DraftLanguageCheck; onDismiss(): void };

/**
 * Shown above the article form when the finished AI draft reads as another
 * language than the one asked for (generate-article's language check), until
 * the person dismisses it or generates again.
 */
export function LanguageFlagNotice({ check, onDismiss }: LanguageFlagNoticeProps) {
  return (
    <section className="form-notice form-notice-warning" role="alert" aria-labelledby="language-flag-title">
      <p id="language-flag-title">
        <strong>Check the language</strong>
      </p>
      <p>{languageMismatchMessage(check)}</p>
      <div className="form-notice-actions">
        <button type="button" className="secondary outline" onClick={onDismiss}>
          The language is right
        </button>
      </div>
    </section>
  );
}
