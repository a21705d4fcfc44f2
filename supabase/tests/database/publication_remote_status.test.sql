-- publications.remote_status: what WordPress has, kept apart from how our
-- last attempt went (status). Written only through the service_role
-- functions; the owner reads it, nobody else.
begin;
\ir _helpers.psql
select plan(11);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.wordpress_sites (id, user_id, name, site_url, username, base_url) values
  ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s blog', 'https://alice.example', 'alice', 'https://alice.example/wp-json/');
insert into public.articles (id, user_id, title) values
  ('a2000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Live post'),
  ('a2000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'Forced into review');

select has_column('public', 'publications', 'remote_status', 'publications have a remote_status');
select throws_ok(
  $$ insert into public.publications (user_id, article_id, site_id, remote_status)
     values (tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000002', 'a1000000-0000-4000-8000-000000000001',
             'Publish <script>') $$,
  '23514', null, 'remote_status is a WordPress status name (lower-case word, at most 20 characters)'
);

select ok(
  not has_function_privilege('authenticated', 'public.record_publication_failure(uuid, uuid, uuid, text, boolean, bigint, text, bigint, text, text, text, uuid)', 'execute')
    and not has_function_privilege('anon', 'public.record_publication_failure(uuid, uuid, uuid, text, boolean, bigint, text, bigint, text, text, text, uuid)', 'execute'),
  'users cannot record failures'
);

select tests.authenticate_as_service_role();
select is(
  public.record_publication_success(tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001',
    'a1000000-0000-4000-8000-000000000001', 101, 'https://alice.example/?p=101', 'publish'),
  'published', 'a manual publish succeeds'
);
select results_eq(
  $$ select status, remote_status from public.publications where article_id = 'a2000000-0000-4000-8000-000000000001' $$,
  $$ values ('publish', 'publish') $$,
  'a success records the status WordPress stored'
);

-- A re-publish fails before the post is touched: the post is still live.
select lives_ok(
  $$ select * from public.record_publication_failure(tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001',
       'a1000000-0000-4000-8000-000000000001', 'The site did not respond in time') $$,
  'a failure is recorded'
);
select results_eq(
  $$ select status, remote_status, remote_post_id, last_error from public.publications
     where article_id = 'a2000000-0000-4000-8000-000000000001' $$,
  $$ values ('failed', 'publish', 101::bigint, 'The site did not respond in time') $$,
  'a failure without a remote status keeps the known one: the post is still live'
);

-- A new post that WordPress stored as pending review instead of publish.
select lives_ok(
  $$ select * from public.record_publication_failure(tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000002',
       'a1000000-0000-4000-8000-000000000001', 'WordPress saved the post as "pending" instead of "publish"', false,
       202, 'https://alice.example/?p=202', null, null, 'pending') $$,
  'a failure after the post was saved is recorded with the post'
);
select results_eq(
  $$ select status, remote_status, remote_post_id from public.publications
     where article_id = 'a2000000-0000-4000-8000-000000000002' $$,
  $$ values ('failed', 'pending', 202::bigint) $$,
  'the remote status an attempt reports is stored'
);

-- Reading: the owner sees it, bob does not.
select tests.authenticate_as('alice');
select results_eq(
  $$ select remote_status from public.publications order by remote_post_id $$,
  $$ values ('publish'), ('pending') $$,
  'the owner reads the remote status of her publications'
);
select tests.authenticate_as('bob');
select is_empty($$ select remote_status from public.publications $$, 'bob sees none of them');

select * from finish();
rollback;
