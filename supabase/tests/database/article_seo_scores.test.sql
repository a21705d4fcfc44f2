-- article_seo_scores: the owner scores their own articles and reads the
-- scores; another user can neither read them nor score alice's articles;
-- anon nothing. A change to the scored text forgets the score; other
-- changes keep it.
begin;
\ir _helpers.psql
select plan(19);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.articles (id, user_id, title, content, excerpt) values
  ('a0000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Tomatoes', '<p>Text</p>', 'Ex'),
  ('a0000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'Beans', '<p>Text</p>', 'Ex'),
  ('b0000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Bob''s', '<p>Text</p>', 'Ex');

-- Grants: reads and deletes, and column-level writes.
select table_privs_are('public', 'article_seo_scores', 'anon', array[]::text[], 'anon: no privilege on article_seo_scores');
select table_privs_are('public', 'article_seo_scores', 'authenticated', array['SELECT', 'DELETE'], 'authenticated: table-wide SELECT and DELETE only');

-- The owner
select tests.authenticate_as('alice');
select lives_ok(
  $$ insert into public.article_seo_scores (article_id, user_id, score)
     values ('a0000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 72) $$,
  'alice scores her article'
);
select lives_ok(
  $$ insert into public.article_seo_scores (article_id, user_id, score)
     values ('a0000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 80)
     on conflict (article_id) do update set score = excluded.score, scored_at = now() $$,
  'and rescores it (an upsert)'
);
select results_eq($$ select score from public.article_seo_scores $$, $$ values (80::smallint) $$, 'alice reads her score');
select throws_ok(
  $$ insert into public.article_seo_scores (article_id, user_id, score) values ('a0000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 101) $$,
  '23514', null, 'a score is 0–100'
);
select throws_ok(
  $$ insert into public.article_seo_scores (article_id, user_id, score) values ('b0000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 50) $$,
  '23503', null, 'alice cannot score bob''s article as hers'
);
select throws_ok(
  $$ insert into public.article_seo_scores (article_id, user_id, score) values ('b0000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 50) $$,
  '42501', null, 'nor in bob''s name'
);

-- Another user
select tests.authenticate_as('bob');
select is_empty($$ select 1 from public.article_seo_scores $$, 'bob cannot see alice''s scores');
update public.article_seo_scores set score = 1;
delete from public.article_seo_scores;
select throws_ok(
  $$ insert into public.article_seo_scores (article_id, user_id, score) values ('a0000000-0000-4000-8000-000000000002', tests.get_supabase_uid('bob'), 10) $$,
  '23503', null, 'bob cannot score alice''s article'
);
select tests.clear_authentication();
select results_eq($$ select score from public.article_seo_scores $$, $$ values (80::smallint) $$, 'bob''s update and delete changed nothing');

-- anon
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.article_seo_scores $$, '42501', null, 'anon cannot read scores');
select throws_ok(
  $$ insert into public.article_seo_scores (article_id, user_id, score) values ('a0000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 10) $$,
  '42501', null, 'anon cannot write scores'
);

-- Stale scores
select tests.clear_authentication();
update public.articles set status = 'published' where id = 'a0000000-0000-4000-8000-000000000001';
select results_eq($$ select count(*)::int from public.article_seo_scores $$, $$ values (1) $$, 'a status change keeps the score');
update public.articles set excerpt = 'New excerpt', tags = '{x}' where id = 'a0000000-0000-4000-8000-000000000001';
select results_eq($$ select count(*)::int from public.article_seo_scores $$, $$ values (1) $$, 'so do excerpt and tags, which the score does not read');
update public.articles set content = '<p>Changed</p>' where id = 'a0000000-0000-4000-8000-000000000001';
select is_empty($$ select 1 from public.article_seo_scores $$, 'a content change forgets the score');
insert into public.article_seo_scores (article_id, user_id, score) values ('a0000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 60);
select tests.authenticate_as('alice');
update public.articles set title = 'Tomatoes on a balcony' where id = 'a0000000-0000-4000-8000-000000000001';
select is_empty($$ select 1 from public.article_seo_scores $$, 'so does a title change by the owner');
select tests.clear_authentication();
insert into public.article_seo_scores (article_id, user_id, score) values ('a0000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 60);
update public.articles set title = title, slug = slug where id = 'a0000000-0000-4000-8000-000000000001';
select results_eq($$ select count(*)::int from public.article_seo_scores $$, $$ values (1) $$, 'an update that changes nothing keeps it');
delete from public.articles where id = 'a0000000-0000-4000-8000-000000000001';
select is_empty($$ select 1 from public.article_seo_scores $$, 'a deleted article takes its score with it');

select * from finish();
rollback;
