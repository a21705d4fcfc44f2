-- articles: full CRUD for the owner; user_id fixed at insert and
-- wordpress_site_ids (where it was published) written only by edge functions;
-- content (HTML) written only by the save-article function, which sanitises it;
-- scheduled_for set exactly when scheduled; the list/dashboard indexes.
begin;
\ir _helpers.psql
select plan(40);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.articles (id, user_id, title, content, status) values
  ('a2000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice draft', '<p>Hi</p>', 'draft'),
  ('b2000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Bob draft', '<p>Yo</p>', 'draft');
insert into public.assistants (id, user_id, name) values
  ('b3000000-0000-4000-8000-000000000002', tests.get_supabase_uid('bob'), 'Bob''s private assistant');
insert into public.wordpress_sites (id, user_id, name, site_url, username, base_url) values
  ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s blog', 'https://alice.example', 'alice', 'https://alice.example/wp-json/'),
  ('b1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Bob''s blog', 'https://bob.example', 'bob', 'https://bob.example/wp-json/');

-- Grants
select table_privs_are('public', 'articles', 'authenticated', array['SELECT', 'DELETE'], 'authenticated: table-wide SELECT and DELETE');
select table_privs_are('public', 'articles', 'anon', array[]::text[], 'anon: no privilege on articles');
select ok(
  not has_column_privilege('authenticated', 'public.articles', 'user_id', 'update')
    and not has_column_privilege('authenticated', 'public.articles', 'wordpress_site_ids', 'update')
    and not has_column_privilege('authenticated', 'public.articles', 'wordpress_site_ids', 'insert')
    and not has_column_privilege('authenticated', 'public.articles', 'id', 'update')
    and not has_column_privilege('authenticated', 'public.articles', 'created_at', 'update'),
  'authenticated cannot write user_id (after insert), wordpress_site_ids, id or created_at'
);
select ok(
  not has_column_privilege('authenticated', 'public.articles', 'content', 'insert')
    and not has_column_privilege('authenticated', 'public.articles', 'content', 'update')
    and has_column_privilege('authenticated', 'public.articles', 'content', 'select'),
  'authenticated reads content but writes it only through save-article (sanitised)'
);

-- SELECT
select tests.authenticate_as('alice');
select results_eq(
  $$ select id from public.articles $$,
  $$ values ('a2000000-0000-4000-8000-000000000001'::uuid) $$,
  'alice sees exactly her own articles'
);
select tests.authenticate_as('bob');
select is_empty(
  $$ select 1 from public.articles where id = 'a2000000-0000-4000-8000-000000000001' $$,
  'bob cannot see alice''s article'
);
select is(
  (select count(*)::int from public.articles where user_id = tests.get_supabase_uid('alice')), 0,
  'bob counts 0 articles of alice (dashboard counts are per user)'
);
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.articles $$, '42501', 'permission denied for table articles', 'anon cannot read articles');

-- INSERT
select tests.authenticate_as('alice');
select results_eq(
  $$ insert into public.articles (user_id, title, excerpt, categories, tags, slug, focus_keyword, meta_description)
     values (tests.get_supabase_uid('alice'), 'New post', 'Short', '{News}', '{a,b}', 'new-post', 'post', 'About the post')
     returning title, content, status, scheduled_for, wordpress_site_ids $$,
  $$ values ('New post', '', 'draft', null::timestamptz, '{}'::uuid[]) $$,
  'alice can create an article without content (a draft by default)'
);
select throws_ok(
  $$ insert into public.articles (user_id, title, content)
     values (tests.get_supabase_uid('alice'), 'Scripted', '<script>alert(1)</script>') $$,
  '42501', 'permission denied for table articles', 'alice cannot store HTML content herself'
);
select throws_ok(
  $$ insert into public.articles (user_id, title) values (tests.get_supabase_uid('bob'), 'Planted') $$,
  '42501', 'new row violates row-level security policy for table "articles"', 'alice cannot create an article for bob'
);
select throws_ok(
  $$ insert into public.articles (user_id, title, wordpress_site_ids)
     values (tests.get_supabase_uid('alice'), 'Fake published', array['a1000000-0000-4000-8000-000000000001'::uuid]) $$,
  '42501', 'permission denied for table articles', 'alice cannot set wordpress_site_ids'
);
select throws_ok(
  $$ insert into public.articles (user_id, title, created_at) values (tests.get_supabase_uid('alice'), 'Backdated', '2000-01-01') $$,
  '42501', 'permission denied for table articles', 'alice cannot set created_at'
);
select throws_ok(
  $$ insert into public.articles (id, user_id, title) values (gen_random_uuid(), tests.get_supabase_uid('alice'), 'Chosen id') $$,
  '42501', 'permission denied for table articles', 'alice cannot choose the id'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ insert into public.articles (user_id, title) values (tests.get_supabase_uid('alice'), 'Anon') $$,
  '42501', 'permission denied for table articles', 'anon cannot create articles'
);

-- status and scheduled_for
select tests.authenticate_as('alice');
select throws_ok(
  $$ insert into public.articles (user_id, title, status) values (tests.get_supabase_uid('alice'), 'No date', 'scheduled') $$,
  '23514', 'new row for relation "articles" violates check constraint "articles_scheduled_for_iff_scheduled"',
  'a scheduled article needs scheduled_for'
);
select throws_ok(
  $$ insert into public.articles (user_id, title, status, scheduled_for)
     values (tests.get_supabase_uid('alice'), 'Draft with date', 'draft', now() + interval '1 day') $$,
  '23514', 'new row for relation "articles" violates check constraint "articles_scheduled_for_iff_scheduled"',
  'a draft cannot have scheduled_for'
);
select throws_ok(
  $$ insert into public.articles (user_id, title, status, scheduled_for)
     values (tests.get_supabase_uid('alice'), 'Published with date', 'published', now()) $$,
  '23514', 'new row for relation "articles" violates check constraint "articles_scheduled_for_iff_scheduled"',
  'a published article cannot have scheduled_for'
);
select throws_ok(
  $$ insert into public.articles (user_id, title, status) values (tests.get_supabase_uid('alice'), 'Odd', 'archived') $$,
  '23514', 'new row for relation "articles" violates check constraint "articles_status_check"',
  'status is draft, scheduled or published'
);
select throws_ok(
  $$ insert into public.articles (user_id, title) values (tests.get_supabase_uid('alice'), '') $$,
  '23514', 'new row for relation "articles" violates check constraint "articles_title_check"',
  'the title is required'
);
select lives_ok(
  $$ insert into public.articles (user_id, title, status, scheduled_for, scheduled_site_ids)
     values (tests.get_supabase_uid('alice'), 'Later', 'scheduled',
             now() + interval '1 day', array['a1000000-0000-4000-8000-000000000001'::uuid]) $$,
  'a scheduled article with scheduled_for and target sites is accepted'
);
select throws_ok(
  $$ update public.articles set status = 'draft' where title = 'Later' $$,
  '23514', 'new row for relation "articles" violates check constraint "articles_scheduled_for_iff_scheduled"',
  'unscheduling must clear scheduled_for too'
);
select lives_ok(
  $$ update public.articles set status = 'draft', scheduled_for = null where title = 'Later' $$,
  'unscheduling with scheduled_for cleared is accepted'
);

-- UPDATE
select tests.clear_authentication();
update public.articles set updated_at = '2000-01-01' where id = 'a2000000-0000-4000-8000-000000000001';
select tests.authenticate_as('alice');
select results_eq(
  $$ update public.articles set title = 'Alice final', excerpt = 'Done'
     where id = 'a2000000-0000-4000-8000-000000000001' returning title $$,
  $$ values ('Alice final') $$,
  'alice can edit her article'
);
select throws_ok(
  $$ update public.articles set content = '<img src=x onerror=alert(1)>' where id = 'a2000000-0000-4000-8000-000000000001' $$,
  '42501', 'permission denied for table articles', 'alice cannot change content herself'
);
select throws_ok(
  $$ update public.articles set user_id = tests.get_supabase_uid('bob') where id = 'a2000000-0000-4000-8000-000000000001' $$,
  '42501', 'permission denied for table articles', 'alice cannot change user_id'
);
select throws_ok(
  $$ update public.articles set wordpress_site_ids = array['a1000000-0000-4000-8000-000000000001'::uuid]
     where id = 'a2000000-0000-4000-8000-000000000001' $$,
  '42501', 'permission denied for table articles', 'alice cannot change wordpress_site_ids'
);
select tests.authenticate_as('bob');
select is_empty(
  $$ update public.articles set title = 'Mallory' where id = 'a2000000-0000-4000-8000-000000000001' returning 1 $$,
  'bob''s update of alice''s article touches no row'
);
select tests.authenticate_as_anon();
select throws_ok($$ update public.articles set title = 'Anon' $$, '42501', 'permission denied for table articles', 'anon cannot update articles');
select tests.clear_authentication();
select results_eq(
  $$ select title, wordpress_site_ids from public.articles where id = 'a2000000-0000-4000-8000-000000000001' $$,
  $$ values ('Alice final', '{}'::uuid[]) $$,
  'only alice''s own edit was applied'
);
select is(
  (select updated_at from public.articles where id = 'a2000000-0000-4000-8000-000000000001'), now(),
  'updated_at is set by the trigger on update'
);
select tests.authenticate_as_service_role();
select lives_ok(
  $$ update public.articles set status = 'published', wordpress_site_ids = array['a1000000-0000-4000-8000-000000000001'::uuid]
     where id = 'a2000000-0000-4000-8000-000000000001' $$,
  'service_role (the publish function) records where an article was published'
);

-- DELETE
select tests.authenticate_as('bob');
select is_empty(
  $$ delete from public.articles where id = 'a2000000-0000-4000-8000-000000000001' returning 1 $$,
  'bob''s delete of alice''s article touches no row'
);
select tests.authenticate_as_anon();
select throws_ok($$ delete from public.articles $$, '42501', 'permission denied for table articles', 'anon cannot delete articles');
select tests.authenticate_as('alice');
select results_eq(
  $$ delete from public.articles where id = 'a2000000-0000-4000-8000-000000000001' returning id $$,
  $$ values ('a2000000-0000-4000-8000-000000000001'::uuid) $$,
  'alice can delete her article'
);
select tests.clear_authentication();
select is(
  (select count(*)::int from public.articles where user_id = tests.get_supabase_uid('bob')), 1,
  'bob''s article is untouched'
);

-- Indexes for the dashboard counts, the recent list and the articles list
-- (keyset pagination: every sort key ends in id).
select ok(
  exists (select from pg_indexes where schemaname = 'public' and tablename = 'articles'
          and indexdef like '% USING btree (user_id, created_at, id)'),
  'articles has an index on (user_id, created_at, id)'
);
select ok(
  exists (select from pg_indexes where schemaname = 'public' and tablename = 'articles'
          and indexdef like '% USING btree (user_id, status, created_at, id)'),
  'articles has an index on (user_id, status, created_at, id)'
);
select ok(
  exists (select from pg_indexes where schemaname = 'public' and tablename = 'articles'
          and indexdef like '% USING btree (scheduled_for) WHERE (status = ''scheduled''::text)'),
  'articles has a partial index for the scheduler''s scan of due articles'
);

-- Foreign keys are checked without RLS, so a composite key (assistant_id,
-- user_id) -> assistants (id, user_id) refuses another user's assistant.
-- scheduled_site_ids (uuid[], no foreign key) may
-- also name another user's site; the scheduler ignores such sites
-- (scheduled_publishing.test.sql).
select tests.authenticate_as('alice');
select throws_ok(
  $$ insert into public.articles (user_id, title, assistant_id)
     values (tests.get_supabase_uid('alice'), 'Borrowed assistant', 'b3000000-0000-4000-8000-000000000002') $$,
  null, null, 'alice cannot attach bob''s assistant to her article'
);
select tests.clear_authentication();

select * from finish();
rollback;
