import { useId } from "react";
import { localeOf } from "@contracts/locales";
import type { Article } from "../../articles/index";
import "../content/formNotice.css";

type LanguageHeldNoticeProps = { flag: NonNullable<Article["languageFlag"]> };

/**
 * Above the form of a bulk draft the language check read as another
 * language than its own: why it is held in its batch's review, and the ways
 * out (correct it and save, which checks it again; or confirm it in the
 * batch's Review). It goes with the save that settles it.
 */
export function LanguageHeldNotice({ flag }: LanguageHeldNoticeProps) {
  const titleId = useId();
  const expected = localeOf(flag.expected).name;
  const detected = flag.detected ? localeOf(flag.detected).name : "another language";
  return (
    <section className="form-notice form-notice-warning" aria-labelledby={titleId}>
      <p id={titleId}>
        <strong>Check the language</strong>
      </p>
      <p>
        This draft looks like {detected}, not {expected} as its batch asked, so it is held in the batch's review. Save
        it once it reads as {expected}, or choose the language it is written in under Language: saving checks it
        again. To keep it as it is, confirm its language in the batch's Review.
      </p>
    </section>
  );
}
