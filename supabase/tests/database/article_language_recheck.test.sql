-- A flagged draft's language settles when its text is corrected (migration
-- 20261219000200): settle_article_language clears the flag of the owner's
-- article when the check found the article's language in the version it
-- read, moving its version; not another user's, not for another language,
-- not when another save came in between; a save's JSON names the flag; only
-- the secret key may call it.
begin;
\ir _helpers.psql
select plan(9);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.articles (id, user_id, title, content, locale, detected_locale, language_mismatch, approval_required)
values ('a3700000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Paella', '<p>Rice</p>', 'es', 'en', true, true);

select tests.authenticate_as_service_role();
create temporary table before on commit drop as
  select version from public.articles where id = 'a3700000-0000-4000-8000-000000000001';
select is(
  public.saved_article_json((select a from public.articles a where id = 'a3700000-0000-4000-8000-000000000001')) -> 'language_mismatch',
  'true'::jsonb, 'a save''s JSON names the flag'
);
select is(
  public.settle_article_language(tests.get_supabase_uid('bob'), 'a3700000-0000-4000-8000-000000000001', (select version from before), 'es'), null::bigint,
  'another user''s article is not settled'
);
select is(
  public.settle_article_language(tests.get_supabase_uid('alice'), 'a3700000-0000-4000-8000-000000000001', (select version from before), 'en'), null::bigint,
  'a check that found another language than the article''s settles nothing'
);
select is(
  public.settle_article_language(tests.get_supabase_uid('alice'), 'a3700000-0000-4000-8000-000000000001', (select version - 1 from before), 'es'),
  null::bigint, 'a check of an older version (another save came in between) settles nothing'
);
select is(
  public.settle_article_language(tests.get_supabase_uid('alice'), 'a3700000-0000-4000-8000-000000000001', (select version from before), 'es'),
  (select version + 1 from before), 'the owner''s article in its own language is settled, and its new version returned'
);
select results_eq(
  $$ select language_mismatch, detected_locale::text from public.articles where id = 'a3700000-0000-4000-8000-000000000001' $$,
  $$ values (false, 'es') $$,
  'the flag is cleared and the language found recorded'
);
select is(
  public.settle_article_language(tests.get_supabase_uid('alice'), 'a3700000-0000-4000-8000-000000000001', (select version + 1 from before), 'es'),
  null::bigint, 'an article without a flag is left as it is'
);

select tests.authenticate_as('alice');
select throws_ok(
  $$ select public.settle_article_language(tests.get_supabase_uid('alice'), 'a3700000-0000-4000-8000-000000000001', 1, 'es') $$,
  '42501', null, 'a user cannot call settle_article_language'
);
select throws_ok(
  $$ update public.articles set language_mismatch = false where id = 'a3700000-0000-4000-8000-000000000001' $$,
  '42501', null, 'nor clear the flag by hand'
);

select * from finish();
rollback;
