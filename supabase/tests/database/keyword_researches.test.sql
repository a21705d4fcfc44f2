-- keyword_researches (migration 20261208000200): the owner saves, lists and
-- deletes their own research history; another user and anon nothing; no
-- one changes a saved research; sizes are bounded.
begin;
\ir _helpers.psql
select plan(17);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select table_privs_are('public', 'keyword_researches', 'authenticated', array['SELECT', 'DELETE'],
  'authenticated: SELECT and DELETE on the table (INSERT on its columns only)');
select column_privs_are('public', 'keyword_researches', 'user_id', 'authenticated', array['SELECT'],
  'the owner column is never written by the browser (it defaults to the caller)');
select table_privs_are('public', 'keyword_researches', 'anon', array[]::text[], 'anon: nothing');

-- INSERT
select tests.authenticate_as('alice');
select lives_ok(
  $$ insert into public.keyword_researches (topic, keywords, notes)
     values ('home gardening',
       '[{"keyword": "raised beds", "searchVolume": "2.4K", "difficulty": 30, "cpc": "$1.20", "competition": "low"}]', '[]') $$,
  'alice saves a research'
);
select is(
  (select user_id from public.keyword_researches where topic = 'home gardening'),
  tests.get_supabase_uid('alice'), 'as herself'
);
select throws_ok(
  $$ insert into public.keyword_researches (user_id, topic, keywords)
     values (tests.get_supabase_uid('bob'), 'planted', '[]') $$,
  '42501', null, 'alice cannot save a research as bob'
);
select throws_ok(
  $$ insert into public.keyword_researches (topic, keywords) values ('  ', '[]') $$,
  '23514', null, 'a blank topic is refused'
);
select throws_ok(
  $$ insert into public.keyword_researches (topic, keywords) values ('x', '{"keyword": "not a list"}') $$,
  '23514', null, 'keywords are a list'
);
select throws_ok(
  $$ insert into public.keyword_researches (topic, keywords)
     select 'x', jsonb_agg(jsonb_build_object('keyword', repeat('k', 2000))) from generate_series(1, 150) $$,
  '23514', null, 'a research over 256 kB is refused'
);
select tests.authenticate_as('bob');
select lives_ok(
  $$ insert into public.keyword_researches (topic, keywords) values ('fishing', '[]') $$,
  'bob saves his own'
);

-- SELECT
select tests.authenticate_as('alice');
select results_eq(
  $$ select topic from public.keyword_researches $$,
  $$ values ('home gardening') $$,
  'alice lists exactly her own researches'
);
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.keyword_researches $$, '42501', null, 'anon cannot read researches');

-- UPDATE: nobody
select tests.authenticate_as('alice');
select throws_ok(
  $$ update public.keyword_researches set topic = 'changed' $$,
  '42501', null, 'a saved research is not changed'
);

-- DELETE
select tests.authenticate_as('bob');
select is_empty(
  $$ delete from public.keyword_researches where topic = 'home gardening' returning id $$,
  'bob cannot delete alice''s research'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ delete from public.keyword_researches $$, '42501', null, 'anon cannot delete'
);
select tests.authenticate_as('alice');
select isnt_empty(
  $$ delete from public.keyword_researches where topic = 'home gardening' returning id $$,
  'alice deletes her own'
);
select tests.clear_authentication();
select is(
  (select count(*)::integer from public.keyword_researches),
  1, 'bob''s research is still there'
);

select * from finish();
rollback;
