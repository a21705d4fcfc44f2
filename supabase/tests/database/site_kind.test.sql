-- wordpress_sites.kind: WordPress or Ghost, set by the connect functions
-- (service_role) and never by the browser. A Ghost site has no user name and
-- no SEO plugin; the owner sees the kind of her own sites, nobody else sees
-- them.
begin;
\ir _helpers.psql
select plan(11);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.authenticate_as_service_role();
select lives_ok(
  $$ insert into public.wordpress_sites (id, user_id, name, site_url, username, base_url) values
       ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s WordPress',
        'https://alice.example', 'alice', 'https://alice.example/wp-json/');
     insert into public.wordpress_sites (id, user_id, name, site_url, base_url, kind) values
       ('a1000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'Alice''s Ghost',
        'https://ghost.alice.example/', 'https://ghost.alice.example/', 'ghost') $$,
  'service_role creates a WordPress site (kind by default) and a Ghost site without a user name'
);
select results_eq(
  $$ select kind from public.wordpress_sites order by name desc $$,
  $$ values ('wordpress'), ('ghost') $$,
  'a site without a kind is a WordPress site'
);
select throws_ok(
  $$ insert into public.wordpress_sites (user_id, name, site_url, base_url, kind)
     values (tests.get_supabase_uid('alice'), 'Bad', 'https://x.example', 'https://x.example/', 'medium') $$,
  '23514', null, 'the kind is wordpress or ghost'
);
select throws_ok(
  $$ insert into public.wordpress_sites (user_id, name, site_url, base_url)
     values (tests.get_supabase_uid('alice'), 'Bad', 'https://x.example', 'https://x.example/wp-json/') $$,
  '23514', null, 'a WordPress site needs a user name'
);
select throws_ok(
  $$ insert into public.wordpress_sites (user_id, name, site_url, base_url, kind, seo_plugin)
     values (tests.get_supabase_uid('alice'), 'Bad', 'https://x.example', 'https://x.example/', 'ghost', 'yoast') $$,
  '23514', null, 'a Ghost site has no SEO plugin'
);

select ok(
  not has_column_privilege('authenticated', 'public.wordpress_sites', 'kind', 'update')
    and not has_column_privilege('authenticated', 'public.wordpress_sites', 'kind', 'insert'),
  'authenticated may not set the kind'
);

select tests.authenticate_as('alice');
select results_eq(
  $$ select kind from public.wordpress_sites where id = 'a1000000-0000-4000-8000-000000000002' $$,
  $$ values ('ghost') $$,
  'the owner reads the kind of her Ghost site'
);
select throws_ok(
  $$ update public.wordpress_sites set kind = 'wordpress' where id = 'a1000000-0000-4000-8000-000000000002' $$,
  '42501', null, 'the owner cannot change the kind'
);
select tests.authenticate_as('bob');
select is_empty(
  $$ select 1 from public.wordpress_sites where kind = 'ghost' $$,
  'another user does not see the Ghost site'
);
select lives_ok(
  $$ delete from public.wordpress_sites where id = 'a1000000-0000-4000-8000-000000000002' $$,
  'another user''s delete runs'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ select kind from public.wordpress_sites $$,
  '42501', null, 'anon cannot read sites'
);

select * from finish();
rollback;
