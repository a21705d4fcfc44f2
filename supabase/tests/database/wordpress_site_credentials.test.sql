-- wordpress_site_credentials: application passwords and webhook secrets.
-- Write-only for the browser: invisible to every API role but service_role,
-- owner included; stored sealed (secrets_at_rest.test.sql).
begin;
\ir _helpers.psql
select plan(14);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.wordpress_sites (id, user_id, name, site_url, username, base_url) values
  ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s blog', 'https://alice.example', 'alice', 'https://alice.example/wp-json/');
insert into public.wordpress_site_credentials (site_id, user_id, application_password, webhook_secret) values
  ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), tests.sealed('abcd efgh ijkl mnop'), tests.sealed('whsec_alice'));

select table_privs_are('public', 'wordpress_site_credentials', 'authenticated', array[]::text[], 'authenticated: no privilege');
select table_privs_are('public', 'wordpress_site_credentials', 'anon', array[]::text[], 'anon: no privilege');
select ok(
  not has_any_column_privilege('authenticated', 'public.wordpress_site_credentials', 'select, insert, update'),
  'authenticated has no column privilege either'
);
select is_empty(
  $$ select policyname from pg_policies where schemaname = 'public' and tablename = 'wordpress_site_credentials' $$,
  'no policy opens the table to an API role'
);

select tests.authenticate_as('alice');
select throws_ok(
  $$ select application_password from public.wordpress_site_credentials $$,
  '42501', 'permission denied for table wordpress_site_credentials', 'the owner cannot read her application password'
);
select throws_ok(
  $$ select site_id from public.wordpress_site_credentials $$,
  '42501', 'permission denied for table wordpress_site_credentials', 'the owner cannot even list which sites have credentials'
);
select throws_ok(
  $$ insert into public.wordpress_site_credentials (site_id, user_id, application_password)
     values ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'x') $$,
  '42501', 'permission denied for table wordpress_site_credentials', 'the owner cannot insert credentials'
);
select throws_ok(
  $$ update public.wordpress_site_credentials set application_password = 'changed' $$,
  '42501', 'permission denied for table wordpress_site_credentials', 'the owner cannot update credentials'
);
select throws_ok(
  $$ delete from public.wordpress_site_credentials $$,
  '42501', 'permission denied for table wordpress_site_credentials', 'the owner cannot delete credentials'
);
select tests.authenticate_as('bob');
select throws_ok(
  $$ select * from public.wordpress_site_credentials $$,
  '42501', 'permission denied for table wordpress_site_credentials', 'another user cannot read credentials'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ select * from public.wordpress_site_credentials $$,
  '42501', 'permission denied for table wordpress_site_credentials', 'anon cannot read credentials'
);
select throws_ok(
  $$ insert into public.wordpress_site_credentials (site_id, user_id, application_password)
     values ('a1000000-0000-4000-8000-000000000001', gen_random_uuid(), 'x') $$,
  '42501', 'permission denied for table wordpress_site_credentials', 'anon cannot insert credentials'
);

select tests.authenticate_as_service_role();
select results_eq(
  $$ select application_password, webhook_secret from public.wordpress_site_credentials $$,
  $$ values (tests.sealed('abcd efgh ijkl mnop'), tests.sealed('whsec_alice')) $$,
  'service_role (edge functions) reads the credentials'
);
select tests.clear_authentication();
update public.wordpress_site_credentials set updated_at = '2000-01-01';
update public.wordpress_site_credentials set application_password = tests.sealed('new1 new2 new3 new4');
select is((select updated_at from public.wordpress_site_credentials), now(), 'updated_at is set by the trigger on update');

select * from finish();
rollback;
