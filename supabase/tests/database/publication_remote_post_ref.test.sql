-- publications.remote_post_ref: the Ghost post of a publication, written only
-- through the service_role functions; the owner reads it, nobody else.
begin;
\ir _helpers.psql
select plan(9);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.wordpress_sites (id, user_id, name, site_url, base_url, kind) values
  ('a1000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'Alice''s Ghost', 'https://ghost.alice.example/', 'https://ghost.alice.example/', 'ghost');
insert into public.articles (id, user_id, title) values
  ('a2000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Ghost post');

select throws_ok(
  $$ insert into public.publications (user_id, article_id, site_id, remote_post_ref)
     values (tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000002', '42') $$,
  '23514', null, 'remote_post_ref is a Ghost object id (24 hex digits)'
);
select ok(
  not has_function_privilege('authenticated', 'public.record_publication_success(uuid, uuid, uuid, bigint, text, text, bigint, text, boolean, text, uuid)', 'execute')
    and not has_function_privilege('anon', 'public.record_publication_success(uuid, uuid, uuid, bigint, text, text, bigint, text, boolean, text, uuid)', 'execute')
    and has_function_privilege('service_role', 'public.record_publication_success(uuid, uuid, uuid, bigint, text, text, bigint, text, boolean, text, uuid)', 'execute'),
  'only service_role records successes'
);

select tests.authenticate_as_service_role();
select is(
  public.record_publication_success(tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001',
    'a1000000-0000-4000-8000-000000000002', null, 'https://ghost.alice.example/ghost-post/', 'publish',
    p_remote_post_ref => '6a1b2c3d4e5f60718293a4b5'),
  'published', 'a publish to a Ghost site is recorded'
);
select results_eq(
  $$ select remote_post_id, remote_post_ref, status, remote_status from public.publications $$,
  $$ values (null::bigint, '6a1b2c3d4e5f60718293a4b5', 'publish', 'publish') $$,
  'the Ghost post id is kept in remote_post_ref'
);
select lives_ok(
  $$ select * from public.record_publication_failure(tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001',
       'a1000000-0000-4000-8000-000000000002', 'Ghost answered 409') $$,
  'a failed re-publish is recorded'
);
select results_eq(
  $$ select remote_post_ref, status from public.publications $$,
  $$ values ('6a1b2c3d4e5f60718293a4b5', 'failed') $$,
  'a failure keeps the known Ghost post'
);

select tests.authenticate_as('alice');
select results_eq(
  $$ select remote_post_ref from public.publications $$,
  $$ values ('6a1b2c3d4e5f60718293a4b5') $$,
  'the owner reads her publication''s Ghost post'
);
select tests.authenticate_as('bob');
select is_empty($$ select 1 from public.publications $$, 'another user sees no publication');
select tests.authenticate_as_anon();
select throws_ok($$ select remote_post_ref from public.publications $$, '42501', null, 'anon cannot read publications');

select * from finish();
rollback;
