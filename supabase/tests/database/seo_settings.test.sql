-- The editor's SEO settings on profiles: the owner reads and changes their
-- own; another user and anon cannot; values outside their rules are refused.
begin;
\ir _helpers.psql
select plan(12);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select ok(
  has_column_privilege('authenticated', 'public.profiles', 'seo_disabled_checks', 'update')
    and has_column_privilege('authenticated', 'public.profiles', 'seo_publish_warning_below', 'update')
    and has_column_privilege('authenticated', 'public.profiles', 'seo_language', 'update'),
  'authenticated may update the three SEO settings'
);
select ok(
  not has_column_privilege('anon', 'public.profiles', 'seo_disabled_checks', 'select, update'),
  'anon has no privilege on them'
);

-- The owner
select tests.authenticate_as('alice');
select results_eq(
  $$ select seo_disabled_checks, seo_publish_warning_below, seo_language from public.profiles $$,
  $$ values ('{}'::text[], 50::smallint, 'auto') $$,
  'a new user: every check on, warn below 50, language detected'
);
select lives_ok(
  $$ update public.profiles set seo_disabled_checks = '{passive-voice,keyword-in-slug}', seo_publish_warning_below = 70, seo_language = 'de' $$,
  'alice changes her settings'
);
select results_eq(
  $$ select seo_disabled_checks, seo_publish_warning_below, seo_language from public.profiles $$,
  $$ values ('{passive-voice,keyword-in-slug}'::text[], 70::smallint, 'de') $$,
  'and reads them back'
);
select throws_ok($$ update public.profiles set seo_publish_warning_below = 101 $$, '23514', null, 'the threshold is 0–100');
select throws_ok($$ update public.profiles set seo_language = 'German' $$, '23514', null, 'the language is a code or auto');
select throws_ok($$ update public.profiles set seo_disabled_checks = '{"<script>"}' $$, '23514', null, 'check ids are lower-case names');
select throws_ok(
  $$ update public.profiles set seo_disabled_checks = array(select 'check-' || chr(97 + (i % 26)) from generate_series(1, 51) i) $$,
  '23514', null, 'at most 50 ids'
);

-- Another user
select tests.authenticate_as('bob');
select is_empty($$ select 1 from public.profiles where id = tests.get_supabase_uid('alice') $$, 'bob cannot read alice''s settings');
update public.profiles set seo_publish_warning_below = 0 where id = tests.get_supabase_uid('alice');
select tests.clear_authentication();
select results_eq(
  $$ select seo_publish_warning_below from public.profiles where id = tests.get_supabase_uid('alice') $$,
  $$ values (70::smallint) $$,
  'bob''s update of alice''s settings changes nothing'
);

-- anon
select tests.authenticate_as_anon();
select throws_ok($$ update public.profiles set seo_language = 'en' $$, '42501', null, 'anon cannot change settings');

select * from finish();
rollback;
