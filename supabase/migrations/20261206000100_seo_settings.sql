-- The editor's SEO panel settings, with the user's other settings on their
-- profile (issue 25):
-- - seo_disabled_checks: ids of the panel's checks the user switched off
--   (web/src/features/seo/analysis/articleChecks.ts lists them); they are
--   neither shown nor counted in the score;
-- - seo_publish_warning_below: Publish warns (never blocks) when an
--   article's score is below this (0 never warns);
-- - seo_language: the language the readability checks assume, or 'auto'
--   (detected from the text).
-- The owner updates them (the existing policy: their own row only).

alter table public.profiles
  add column seo_disabled_checks text[] not null default '{}'
    constraint profiles_seo_disabled_checks_valid check (
      cardinality(seo_disabled_checks) <= 50
      and array_position(seo_disabled_checks, null) is null
      and array_to_string(seo_disabled_checks, ',') ~ '^([a-z-]{1,64}(,[a-z-]{1,64})*)?$'
    ),
  add column seo_publish_warning_below smallint not null default 50
    constraint profiles_seo_publish_warning_below_range check (seo_publish_warning_below between 0 and 100),
  add column seo_language text not null default 'auto'
    constraint profiles_seo_language_code check (seo_language ~ '^(auto|[a-z]{2,3})$');

grant update (seo_disabled_checks, seo_publish_warning_below, seo_language) on table public.profiles to authenticated;
