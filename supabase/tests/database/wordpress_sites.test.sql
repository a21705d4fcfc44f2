-- wordpress_sites: created by an edge function (service_role) after a
-- connection test; the owner may read, rename and remove; other users and anon
-- nothing. The credentials live in wordpress_site_credentials
-- (wordpress_site_credentials.test.sql).
begin;
\ir _helpers.psql
select plan(26);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

-- What the connect-site edge function does, with the secret key.
select tests.authenticate_as_service_role();
select lives_ok(
  $$ insert into public.wordpress_sites (id, user_id, name, site_url, username, base_url, seo_plugin) values
       ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s blog',
        'https://alice.example', 'alice', 'https://alice.example/wp-json/', 'yoast'),
       ('b1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Bob''s blog',
        'https://bob.example', 'bob', 'https://bob.example/wp-json/', null);
     insert into public.wordpress_site_credentials (site_id, user_id, application_password) values
       ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), tests.sealed('abcd efgh ijkl mnop')),
       ('b1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), tests.sealed('qrst uvwx yz12 3456')) $$,
  'service_role creates sites and their credentials'
);
select throws_ok(
  $$ insert into public.wordpress_sites (user_id, name, site_url, username, base_url)
     values (tests.get_supabase_uid('alice'), 'Bad', 'ftp://alice.example', 'alice', 'https://alice.example/') $$,
  '23514', null, 'site_url must be http(s)'
);
select throws_ok(
  $$ insert into public.wordpress_sites (user_id, name, site_url, username, base_url, seo_plugin)
     values (tests.get_supabase_uid('alice'), 'Bad', 'https://alice.example', 'alice', 'https://alice.example/', 'aioseo') $$,
  '23514', null, 'seo_plugin is yoast, rank_math or null'
);

-- Grants
select table_privs_are('public', 'wordpress_sites', 'authenticated', array['SELECT', 'DELETE'], 'authenticated: table-wide SELECT and DELETE');
select table_privs_are('public', 'wordpress_sites', 'anon', array[]::text[], 'anon: no privilege on wordpress_sites');
select ok(
  has_column_privilege('authenticated', 'public.wordpress_sites', 'name', 'update')
    and not has_column_privilege('authenticated', 'public.wordpress_sites', 'site_url', 'update')
    and not has_column_privilege('authenticated', 'public.wordpress_sites', 'base_url', 'update')
    and not has_column_privilege('authenticated', 'public.wordpress_sites', 'username', 'update')
    and not has_column_privilege('authenticated', 'public.wordpress_sites', 'user_id', 'update'),
  'authenticated may update the name only'
);

-- SELECT
select tests.authenticate_as('alice');
select results_eq(
  $$ select id, name from public.wordpress_sites $$,
  $$ values ('a1000000-0000-4000-8000-000000000001'::uuid, 'Alice''s blog') $$,
  'alice sees exactly her own site'
);
select tests.authenticate_as('bob');
select is_empty(
  $$ select 1 from public.wordpress_sites where id = 'a1000000-0000-4000-8000-000000000001' $$,
  'bob cannot see alice''s site'
);
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.wordpress_sites $$, '42501', 'permission denied for table wordpress_sites', 'anon cannot read sites');

-- INSERT: only the edge function.
select tests.authenticate_as('alice');
select throws_ok(
  $$ insert into public.wordpress_sites (user_id, name, site_url, username, base_url)
     values (tests.get_supabase_uid('alice'), 'Direct', 'https://direct.example', 'alice', 'https://direct.example/wp-json/') $$,
  '42501', 'permission denied for table wordpress_sites', 'alice cannot insert a site directly'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ insert into public.wordpress_sites (user_id, name, site_url, username, base_url)
     values (gen_random_uuid(), 'Anon', 'https://anon.example', 'anon', 'https://anon.example/') $$,
  '42501', 'permission denied for table wordpress_sites', 'anon cannot insert a site'
);

-- UPDATE: the owner renames.
select tests.clear_authentication();
update public.wordpress_sites set updated_at = '2000-01-01' where id = 'a1000000-0000-4000-8000-000000000001';
select tests.authenticate_as('alice');
select results_eq(
  $$ update public.wordpress_sites set name = 'Wonderland' where id = 'a1000000-0000-4000-8000-000000000001' returning name $$,
  $$ values ('Wonderland') $$,
  'alice can rename her site'
);
select throws_ok(
  $$ update public.wordpress_sites set site_url = 'https://evil.example' where id = 'a1000000-0000-4000-8000-000000000001' $$,
  '42501', 'permission denied for table wordpress_sites', 'alice cannot change the site URL (it was verified by the connection test)'
);
select throws_ok(
  $$ update public.wordpress_sites set user_id = tests.get_supabase_uid('bob') $$,
  '42501', 'permission denied for table wordpress_sites', 'alice cannot change the owner'
);
select tests.authenticate_as('bob');
select is_empty(
  $$ update public.wordpress_sites set name = 'Mallory' where id = 'a1000000-0000-4000-8000-000000000001' returning 1 $$,
  'bob''s rename of alice''s site touches no row'
);
select tests.authenticate_as_anon();
select throws_ok($$ update public.wordpress_sites set name = 'Anon' $$, '42501', 'permission denied for table wordpress_sites', 'anon cannot update sites');
select tests.clear_authentication();
select results_eq(
  $$ select name, site_url from public.wordpress_sites where id = 'a1000000-0000-4000-8000-000000000001' $$,
  $$ values ('Wonderland', 'https://alice.example') $$,
  'only alice''s rename was applied'
);
select is(
  (select updated_at from public.wordpress_sites where id = 'a1000000-0000-4000-8000-000000000001'), now(),
  'updated_at is set by the trigger on update'
);

-- DELETE
select tests.authenticate_as('bob');
select is_empty(
  $$ delete from public.wordpress_sites where id = 'a1000000-0000-4000-8000-000000000001' returning 1 $$,
  'bob''s delete of alice''s site touches no row'
);
select tests.authenticate_as_anon();
select throws_ok($$ delete from public.wordpress_sites $$, '42501', 'permission denied for table wordpress_sites', 'anon cannot delete sites');
select tests.clear_authentication();
select is((select count(*)::int from public.wordpress_sites), 2, 'both sites are still there');
select tests.authenticate_as('alice');
select results_eq(
  $$ delete from public.wordpress_sites where id = 'a1000000-0000-4000-8000-000000000001' returning id $$,
  $$ values ('a1000000-0000-4000-8000-000000000001'::uuid) $$,
  'alice can remove her site'
);
select tests.clear_authentication();
select is_empty(
  $$ select 1 from public.wordpress_site_credentials where site_id = 'a1000000-0000-4000-8000-000000000001' $$,
  'removing a site removes its credentials'
);
select is(
  (select count(*)::int from public.wordpress_site_credentials), 1,
  'bob''s credentials are untouched'
);

-- Removing a site removes its publications.
insert into public.articles (id, user_id, title) values ('b2000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Post');
insert into public.publications (user_id, article_id, site_id, remote_post_id, status)
values (tests.get_supabase_uid('bob'), 'b2000000-0000-4000-8000-000000000001', 'b1000000-0000-4000-8000-000000000001', 42, 'publish');
delete from public.wordpress_sites where id = 'b1000000-0000-4000-8000-000000000001';
select is_empty($$ select 1 from public.publications $$, 'removing a site removes its publications');
select is(
  (select count(*)::int from public.articles where id = 'b2000000-0000-4000-8000-000000000001'), 1,
  'but not the article'
);

select * from finish();
rollback;
