-- site_content_syncs: how far each site's content index is synced. Written
-- only by the sync-site-content edge function (service_role); the owner may
-- read their own; other users and anon nothing.
begin;
\ir _helpers.psql
select plan(18);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.wordpress_sites (id, user_id, name, site_url, username, base_url) values
  ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Garden', 'https://garden.example', 'alice', 'https://garden.example/wp-json/'),
  ('b1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Bob''s', 'https://bob.example', 'bob', 'https://bob.example/wp-json/');

select tests.authenticate_as_service_role();
select lives_ok(
  $$ select public.record_site_content_sync(tests.get_supabase_uid('alice'), 'a1000000-0000-4000-8000-000000000001', true,
       '[{"remote_type": "post", "remote_id": 1, "url": "https://garden.example/a/", "title": "A", "excerpt": "",
          "categories": [], "tags": [], "modified_at": "2026-11-01T10:00:00Z"}]', '[]', '2026-11-01T10:00:00Z') $$,
  'a first (full) sync'
);
select results_eq(
  $$ select entry_count, modified_cursor, last_full_sync_at = last_synced_at, last_error
     from public.site_content_syncs where site_id = 'a1000000-0000-4000-8000-000000000001' $$,
  $$ values (1, '2026-11-01T10:00:00Z'::timestamptz, true, null::text) $$,
  'it records the count, the cursor and when the full sync finished'
);
-- What the function records when the site could not be read.
select lives_ok(
  $$ insert into public.site_content_syncs (site_id, user_id, last_error, last_error_at)
     values ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'The site did not respond in time', now())
     on conflict (site_id) do update set last_error = excluded.last_error, last_error_at = excluded.last_error_at $$,
  'service_role keeps the reason of a failed sync'
);
select results_eq(
  $$ select entry_count, modified_cursor, last_error from public.site_content_syncs $$,
  $$ values (1, '2026-11-01T10:00:00Z'::timestamptz, 'The site did not respond in time') $$,
  'the failure leaves the count and the cursor'
);
select lives_ok(
  $$ select public.record_site_content_sync(tests.get_supabase_uid('alice'), 'a1000000-0000-4000-8000-000000000001', false,
       '[]', '[]', '2026-10-01T00:00:00Z') $$,
  'an incremental sync with an older cursor'
);
select results_eq(
  $$ select entry_count, modified_cursor, last_error, last_full_sync_at is not null from public.site_content_syncs $$,
  $$ values (1, '2026-11-01T10:00:00Z'::timestamptz, null::text, true) $$,
  'an incremental sync clears the error, keeps the last full sync, and never moves the cursor back'
);
select throws_ok(
  $$ insert into public.site_content_syncs (site_id, user_id) values ('b1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice')) $$,
  '23503', null, 'a sync row cannot pair a user with another user''s site'
);
select throws_ok(
  $$ update public.site_content_syncs set last_error = repeat('x', 501) $$,
  '23514', null, 'last_error is at most 500 characters'
);

-- Grants
select table_privs_are('public', 'site_content_syncs', 'authenticated', array['SELECT'], 'authenticated: SELECT only');
select table_privs_are('public', 'site_content_syncs', 'anon', array[]::text[], 'anon: no privilege on site_content_syncs');

-- SELECT
select tests.authenticate_as('alice');
select results_eq(
  $$ select site_id, entry_count from public.site_content_syncs $$,
  $$ values ('a1000000-0000-4000-8000-000000000001'::uuid, 1) $$,
  'alice sees her site''s sync state'
);
select tests.authenticate_as('bob');
select is_empty($$ select 1 from public.site_content_syncs $$, 'bob cannot see alice''s');
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.site_content_syncs $$, '42501', 'permission denied for table site_content_syncs', 'anon cannot read it');

-- Writes: nobody through the API.
select tests.authenticate_as('alice');
select throws_ok(
  $$ update public.site_content_syncs set entry_count = 1000 $$,
  '42501', 'permission denied for table site_content_syncs', 'alice cannot update her sync state'
);
select throws_ok(
  $$ insert into public.site_content_syncs (site_id, user_id) values ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice')) $$,
  '42501', 'permission denied for table site_content_syncs', 'alice cannot insert one'
);
select throws_ok(
  $$ delete from public.site_content_syncs $$,
  '42501', 'permission denied for table site_content_syncs', 'alice cannot delete it'
);
select tests.authenticate_as('bob');
select throws_ok(
  $$ update public.site_content_syncs set last_error = 'x' where site_id = 'a1000000-0000-4000-8000-000000000001' $$,
  '42501', 'permission denied for table site_content_syncs', 'bob cannot update alice''s'
);
select tests.clear_authentication();
select is((select entry_count from public.site_content_syncs), 1, 'the sync state is unchanged');

select * from finish();
rollback;
