import { supabase } from "../../../backend/supabase";

/** The editor's SEO panel settings (profiles columns, 20261206000100_seo_settings.sql). */
export type SeoSettings = {
  /** Ids of the checks switched off: neither shown nor counted. */
  disabledChecks: string[];
  /** Publish warns when an article's score is below this; 0 never warns. */
  publishWarningBelow: number;
  /** "auto" (detected from the text) or a language code. */
  language: string;
};

export const DEFAULT_SEO_SETTINGS: SeoSettings = { disabledChecks: [], publishWarningBelow: 50, language: "auto" };

/** The signed-in user's settings (the defaults when their profile has none). */
export async function loadSeoSettings(): Promise<SeoSettings> {
  const { data, error } = await supabase
    .from("profiles")
    .select("seo_disabled_checks, seo_publish_warning_below, seo_language")
    .maybeSingle();
  if (error) throw new Error(error.message);
  if (!data) return DEFAULT_SEO_SETTINGS;
  return {
    disabledChecks: data.seo_disabled_checks,
    publishWarningBelow: data.seo_publish_warning_below,
    language: data.seo_language,
  };
}

export async function saveSeoSettings(userId: string, settings: SeoSettings): Promise<void> {
  const { error } = await supabase
    .from("profiles")
    .update({
      seo_disabled_checks: settings.disabledChecks,
      seo_publish_warning_below: settings.publishWarningBelow,
      seo_language: settings.language,
    })
    .eq("id", userId);
  if (error) throw new Error(error.message);
}
