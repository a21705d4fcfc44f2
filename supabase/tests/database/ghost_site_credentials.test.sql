-- ghost_site_credentials: Ghost Admin API keys. Write-only for the browser:
-- invisible to every API role but service_role, owner included; stored
-- sealed (secrets_at_rest.test.sql).
begin;
\ir _helpers.psql
select plan(14);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.wordpress_sites (id, user_id, name, site_url, base_url, kind) values
  ('a1000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'Alice''s Ghost', 'https://ghost.alice.example/', 'https://ghost.alice.example/', 'ghost');
insert into public.ghost_site_credentials (site_id, user_id, admin_api_key) values
  ('a1000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), tests.sealed('6a1b2c3d4e5f60718293a4b5:' || repeat('ab', 32)));

select table_privs_are('public', 'ghost_site_credentials', 'authenticated', array[]::text[], 'authenticated: no privilege');
select table_privs_are('public', 'ghost_site_credentials', 'anon', array[]::text[], 'anon: no privilege');
select is_empty(
  $$ select policyname from pg_policies where schemaname = 'public' and tablename = 'ghost_site_credentials' $$,
  'no policy opens the table to an API role'
);
select throws_ok(
  $$ insert into public.ghost_site_credentials (site_id, user_id, admin_api_key)
     values ('a1000000-0000-4000-8000-000000000002', tests.get_supabase_uid('bob'), '6a1b2c3d4e5f60718293a4b5:' || repeat('ab', 32)) $$,
  '22023', null, 'a key in plain text is refused (ghost-connect seals it)'
);

select tests.authenticate_as('alice');
select throws_ok(
  $$ select admin_api_key from public.ghost_site_credentials $$,
  '42501', 'permission denied for table ghost_site_credentials', 'the owner cannot read her Admin API key'
);
select throws_ok(
  $$ select site_id from public.ghost_site_credentials $$,
  '42501', 'permission denied for table ghost_site_credentials', 'the owner cannot list which sites have keys'
);
select throws_ok(
  $$ insert into public.ghost_site_credentials (site_id, user_id, admin_api_key)
     values ('a1000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'ab:cd') $$,
  '42501', 'permission denied for table ghost_site_credentials', 'the owner cannot insert a key'
);
select throws_ok(
  $$ update public.ghost_site_credentials set admin_api_key = 'ab:cd' $$,
  '42501', 'permission denied for table ghost_site_credentials', 'the owner cannot update the key'
);
select throws_ok(
  $$ delete from public.ghost_site_credentials $$,
  '42501', 'permission denied for table ghost_site_credentials', 'the owner cannot delete the key'
);
select tests.authenticate_as('bob');
select throws_ok(
  $$ select * from public.ghost_site_credentials $$,
  '42501', 'permission denied for table ghost_site_credentials', 'another user cannot read keys'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ select * from public.ghost_site_credentials $$,
  '42501', 'permission denied for table ghost_site_credentials', 'anon cannot read keys'
);

select tests.authenticate_as_service_role();
select results_eq(
  $$ select admin_api_key from public.ghost_site_credentials $$,
  $$ values (tests.sealed('6a1b2c3d4e5f60718293a4b5:' || repeat('ab', 32))) $$,
  'service_role (edge functions) reads the key'
);
select tests.clear_authentication();
update public.ghost_site_credentials set updated_at = '2000-01-01';
update public.ghost_site_credentials set admin_api_key = tests.sealed('0123456789abcdef01234567:' || repeat('ef', 32));
select is((select updated_at from public.ghost_site_credentials), now(), 'updated_at is set by the trigger on update');
delete from public.wordpress_sites where id = 'a1000000-0000-4000-8000-000000000002';
select is_empty($$ select 1 from public.ghost_site_credentials $$, 'removing the site removes its key');

select * from finish();
rollback;
