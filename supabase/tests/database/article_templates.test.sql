-- article_templates (migration 20261216000100), from another user's point of
-- view too: the owner creates, lists, edits and deletes their templates; bob
-- sees, changes and deletes none of alice's and cannot write one as her;
-- anon nothing; the sections, elements and word target keep the contracts'
-- limits.
begin;
\ir _helpers.psql
select plan(22);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select table_privs_are('public', 'article_templates', 'authenticated', array['SELECT', 'DELETE'],
  'authenticated: SELECT and DELETE on the table (INSERT and UPDATE on its columns only)');
select column_privs_are('public', 'article_templates', 'user_id', 'authenticated', array['SELECT'],
  'the owner column is never written by the browser (it defaults to the caller)');
select table_privs_are('public', 'article_templates', 'anon', array[]::text[], 'anon: nothing');
select policies_are('public', 'article_templates', array[
  'Users can view their own article templates',
  'Users can create their own article templates',
  'Users can update their own article templates',
  'Users can delete their own article templates'
], 'one policy per command, each named as a sentence');

-- INSERT
select tests.authenticate_as('alice');
select lives_ok(
  $$ insert into public.article_templates (name, sections, required_elements, word_target)
     values ('How-to guide', array['What you need', 'Step by step', 'Common mistakes'], array['faq'], 1200) $$,
  'alice creates a template'
);
select is(
  (select user_id from public.article_templates where name = 'How-to guide'),
  tests.get_supabase_uid('alice'), 'as herself'
);
select throws_ok(
  $$ insert into public.article_templates (user_id, name, sections)
     values (tests.get_supabase_uid('bob'), 'Planted', array['Intro']) $$,
  '42501', null, 'alice cannot create a template as bob'
);
select throws_ok(
  $$ insert into public.article_templates (name, sections) values ('  ', array['Intro']) $$,
  '23514', null, 'a blank name is refused'
);
select throws_ok(
  $$ insert into public.article_templates (name, sections) values ('Empty', array[]::text[]) $$,
  '23514', null, 'a template has at least one section'
);
select throws_ok(
  $$ insert into public.article_templates (name, sections) select 'Long', array_agg('Section ' || n) from generate_series(1, 13) n $$,
  '23514', null, 'and at most 12'
);
select throws_ok(
  $$ insert into public.article_templates (name, sections) values ('Blank', array['Intro', '   ', 'End']) $$,
  '23514', null, 'a blank section is refused'
);
select throws_ok(
  $$ insert into public.article_templates (name, sections) values ('Too long', array[repeat('x', 151)]) $$,
  '23514', null, 'a section over 150 characters is refused'
);
select throws_ok(
  $$ insert into public.article_templates (name, sections) values ('Two lines', array[E'One\nTwo']) $$,
  '23514', null, 'a section holding a line break is refused'
);
select throws_ok(
  $$ insert into public.article_templates (name, sections, required_elements) values ('Poem', array['Intro'], array['poem']) $$,
  '23514', null, 'only the known elements'
);
select throws_ok(
  $$ insert into public.article_templates (name, sections, word_target) values ('Short', array['Intro'], 20) $$,
  '23514', null, 'the word target keeps its range'
);

-- Bob's point of view
select tests.authenticate_as('bob');
select lives_ok(
  $$ insert into public.article_templates (name, sections) values ('Listicle', array['Number one']) $$,
  'bob creates his own'
);
select results_eq(
  $$ select name from public.article_templates $$, $$ values ('Listicle') $$,
  'bob lists only his own templates'
);
select is_empty(
  $$ update public.article_templates set name = 'Hijacked' where name = 'How-to guide' returning id $$,
  'bob cannot change alice''s template'
);
select is_empty(
  $$ delete from public.article_templates where name = 'How-to guide' returning id $$,
  'bob cannot delete alice''s template'
);
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.article_templates $$, '42501', null, 'anon cannot read templates');

-- UPDATE and DELETE by the owner
select tests.authenticate_as('alice');
select results_eq(
  $$ update public.article_templates set sections = array['Step by step', 'What you need'], updated_at = now()
     where name = 'How-to guide' returning sections $$,
  $$ values (array['Step by step', 'What you need']) $$,
  'alice reorders her sections'
);
select results_eq(
  $$ delete from public.article_templates returning name $$, $$ values ('How-to guide') $$,
  'alice deletes her template, and only hers'
);

select * from finish();
rollback;
