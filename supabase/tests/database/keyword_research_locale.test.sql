-- A saved keyword research's language (migration 20261218000300): one of the
-- offered tags or null, written by its owner; another user does not read it.
begin;
\ir _helpers.psql
select plan(4);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.authenticate_as('alice');
select results_eq(
  $$ insert into public.keyword_researches (topic, keywords, locale) values ('huertos', '[]', 'es') returning locale::text $$,
  $$ values ('es') $$,
  'alice saves a research in Spanish'
);
select results_eq(
  $$ insert into public.keyword_researches (topic, keywords) values ('gardens', '[]') returning locale::text $$,
  $$ values (null::text) $$,
  'a research without a chosen language has none'
);
select throws_ok(
  $$ insert into public.keyword_researches (topic, keywords, locale) values ('x', '[]', 'klingon') $$,
  '23514', null, 'an unknown language is refused'
);

select tests.authenticate_as('bob');
select is_empty(
  $$ select locale from public.keyword_researches where topic = 'huertos' $$,
  'bob does not see alice''s research or its language'
);

select * from finish();
rollback;
