-- An article's language stored by save_article() (migration
-- 20261217000100_article_locale_saves.sql): a new article keeps the locale it
-- was saved with, an update changes it only when the fields name it, a tag
-- not offered is refused, and the save returns it.
begin;
\ir _helpers.psql
select plan(9);

select tests.create_supabase_user('alice');

create function tests.locale_fields(title text, extra jsonb default '{}') returns jsonb language sql as $$
  select jsonb_build_object(
    'title', title, 'content', '<p>Body</p>', 'excerpt', 'Excerpt', 'status', 'draft',
    'meta_description', null, 'focus_keyword', null, 'slug', null,
    'categories', '[]'::jsonb, 'tags', '[]'::jsonb, 'scheduled_for', null, 'scheduled_site_ids', '[]'::jsonb
  ) || extra
$$;
grant execute on all functions in schema tests to service_role, authenticated, anon;

select tests.authenticate_as_service_role();
create temporary table saved on commit drop as
select public.save_article(tests.get_supabase_uid('alice'), tests.locale_fields('Hola', '{"locale": "es"}')) as article;
grant select on saved to service_role, authenticated;

select is((select article ->> 'locale' from saved), 'es', 'a save returns the article''s locale');
select is(
  (select locale::text from public.articles where id = (select (article ->> 'id')::uuid from saved)), 'es',
  'a new article stores the locale it was saved with'
);
select is(
  (select locale::text from public.articles
   where id = (public.save_article(tests.get_supabase_uid('alice'), tests.locale_fields('No language')) ->> 'id')::uuid),
  null, 'a new article saved without a locale has none (its assistant''s or site''s applies)'
);

select is(
  public.save_article(tests.get_supabase_uid('alice'), tests.locale_fields('Hola otra vez'),
    (select (article ->> 'id')::uuid from saved), p_expected_version => 1) ->> 'locale',
  'es', 'an update that names no locale keeps the article''s'
);
select is(
  public.save_article(tests.get_supabase_uid('alice'), tests.locale_fields('Hallo', '{"locale": "de"}'),
    (select (article ->> 'id')::uuid from saved), p_expected_version => 2) ->> 'locale',
  'de', 'an update that names a locale changes it'
);
select is(
  (select locale::text from public.articles where id = (select (article ->> 'id')::uuid from saved)), 'de',
  'the changed locale is stored'
);
select throws_ok(
  $$ select public.save_article(tests.get_supabase_uid('alice'), tests.locale_fields('Bad', '{"locale": "xx-YY"}')) $$,
  '23514', null, 'a locale that is not offered is refused'
);

-- Security unchanged: only the secret key may call it.
select ok(
  not has_function_privilege('authenticated', 'public.save_article(uuid,jsonb,uuid,bigint,jsonb,bigint)', 'execute')
  and not has_function_privilege('anon', 'public.save_article(uuid,jsonb,uuid,bigint,jsonb,bigint)', 'execute'),
  'browsers still cannot call save_article()'
);
select is(
  (select array_agg(c) from unnest((select proconfig from pg_proc
    where oid = 'public.save_article(uuid,jsonb,uuid,bigint,jsonb,bigint)'::regprocedure)) c),
  array['search_path=""'], 'save_article() still runs with an empty search_path'
);

select * from finish();
rollback;
