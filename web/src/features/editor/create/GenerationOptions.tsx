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
}: GenerationOptionsProps) {
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
    </details>
  );
}
