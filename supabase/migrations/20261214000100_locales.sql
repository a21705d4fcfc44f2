-- The language articles are written in (issue 26): a BCP-47 locale per site
-- and per assistant; the article's own choice is sent with each Create
-- request. Drafting takes the article's, else the assistant's, else the
-- site's, else English (resolveLocale in _shared/contracts/locales.ts).
--
-- The domain public.locale_tag holds the same tags as LOCALES in
-- _shared/contracts/locales.ts (locales_test.ts compares them); a column
-- holds one of them or null (not set: the next place decides). A domain's
-- check needs no function the caller must be allowed to execute, and holds
-- whoever writes. Row-level security is unchanged (the owner's rows only);
-- the browser may write the new columns like the ones beside them.

create domain public.locale_tag as text
  constraint locale_tag_supported check (value in (
    'en', 'en-GB', 'es', 'es-MX', 'fr', 'fr-CA', 'de', 'it', 'pt-BR', 'pt-PT',
    'nl', 'ca', 'pl', 'cs', 'sk', 'hu', 'ro', 'bg', 'hr', 'sr',
    'sl', 'el', 'ru', 'uk', 'lt', 'lv', 'et', 'fi', 'sv', 'da',
    'nb', 'tr', 'ar', 'he', 'fa', 'hi', 'bn', 'id', 'ms', 'vi',
    'th', 'zh-CN', 'zh-TW', 'ja', 'ko'
  ));

comment on domain public.locale_tag is
  'A BCP-47 tag of the languages offered (LOCALES in _shared/contracts/locales.ts).';

alter table public.wordpress_sites
  add column locale public.locale_tag;

grant update (locale) on table public.wordpress_sites to authenticated;

alter table public.assistants
  add column locale public.locale_tag;

grant insert (locale), update (locale) on table public.assistants to authenticated;
