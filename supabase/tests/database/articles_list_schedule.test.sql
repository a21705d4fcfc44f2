-- list_articles() carries what a scheduled card shows: the time and the
-- names of the caller's target sites.
begin;
\ir _helpers.psql
select plan(3);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.wordpress_sites (id, user_id, name, site_url, username, base_url) values
  ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Travel blog', 'https://travel.example', 'alice', 'https://travel.example/wp-json/'),
  ('a1000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'Food blog', 'https://food.example', 'alice', 'https://food.example/wp-json/'),
  ('b1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Bob''s blog', 'https://bob.example', 'bob', 'https://bob.example/wp-json/');
insert into public.articles (id, user_id, title, status, scheduled_for, scheduled_site_ids, created_at) values
  ('a2000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Winter walks', 'scheduled', '2026-12-03 09:30:00+00',
   array['a1000000-0000-4000-8000-000000000001', 'b1000000-0000-4000-8000-000000000001',
         'a1000000-0000-4000-8000-000000000002', 'c1000000-0000-4000-8000-000000000009']::uuid[], '2026-11-01'),
  ('a2000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'A draft', 'draft', null, '{}', '2026-11-02');

select tests.authenticate_as('alice');
select results_eq(
  $$ select title, scheduled_for, scheduled_site_names from public.list_articles() $$,
  $$ values ('A draft', null::timestamptz, '{}'::text[]),
            ('Winter walks', '2026-12-03 09:30:00+00'::timestamptz, array['Food blog', 'Travel blog']) $$,
  'a scheduled card gets its time and the names of its target sites (hers only, removed ones left out), by name'
);
select results_eq(
  $$ select title from public.list_articles(status_filter => 'scheduled') $$,
  $$ values ('Winter walks') $$,
  'the status filter still applies'
);
select tests.authenticate_as('bob');
select is_empty($$ select 1 from public.list_articles() $$, 'bob sees none of alice''s articles');

select * from finish();
rollback;
