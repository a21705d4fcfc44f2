import { useId } from "react";
import { LocaleSelect } from "../../../ui/LocaleSelect";
import { GenerationSettingsFields } from "../../../ui/GenerationSettingsFields";
import type { GenerationSettingsValues } from "../../../lib/generationSettings";

type GenerationOptionsProps = {
  locale: string;
  settings: GenerationSettingsValues;
  wordTargetError?: string;
  disabled: boolean;
  onLocaleChange(locale: string): void;
  onSettingsChange(settings: GenerationSettingsValues): void;
  /** Whether an image is drawn under each section once the draft is written. */
  sectionImages: boolean;
  onSectionImagesChange(sectionImages: boolean): void;
};

/**
 * Create's language and generation settings for this article: each one left
 * unset keeps the chosen assistant's (then the site's language, then English).
 */
export function GenerationOptions({
  locale,
  settings,
  wordTargetError,
  disabled,
  onLocaleChange,
  onSettingsChange,
  sectionImages,
  onSectionImagesChange,
}: GenerationOptionsProps) {
  const sectionImagesHelpId = useId();
  return (
    <details className="generation-options" open={Boolean(wordTargetError) || undefined}>
      <summary>Language and generation settings</summary>
      <LocaleSelect
        label="Article language"
        name="locale"
        value={locale}
        unsetLabel="The assistant's language"
        help="The draft is written in this language and checked when it is done."
        disabled={disabled}
        onChange={onLocaleChange}
      />
      <GenerationSettingsFields
        legend="Generation settings"
        help="For this article only. Anything left unset, and the elements when none is ticked, follow the assistant."
        unsetLabel="The assistant's default"
        values={settings}
        wordTargetError={wordTargetError}
        disabled={disabled}
        onChange={onSettingsChange}
      />
      <label>
        <input
          type="checkbox"
          name="sectionImages"
          checked={sectionImages}
          disabled={disabled}
          aria-describedby={sectionImagesHelpId}
          onChange={(event) => onSectionImagesChange(event.target.checked)}
        />
        An image under each section
      </label>
      <small id={sectionImagesHelpId}>
        Once the draft is written, one image is drawn under each of its headings (H2) with your fal.ai key, in the
        assistant's image style; see Images in the body.
      </small>
    </details>
  );
}
