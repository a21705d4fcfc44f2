-- Scheduled WordPress drafts (migration 20261128000500): a pair stored as the
-- draft it should be is done (not claimed again), and once every target holds
-- its post the article leaves the schedule as a draft; live schedules are as
-- before.
begin;
\ir _helpers.psql
select plan(8);

select tests.create_supabase_user('alice');

select tests.clear_authentication();
insert into public.wordpress_sites (id, user_id, name, site_url, username, base_url) values
  ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'One', 'https://one.example', 'alice', 'https://one.example/wp-json/'),
  ('a1000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'Two', 'https://two.example', 'alice', 'https://two.example/wp-json/');
insert into public.articles (id, user_id, title, status, scheduled_for, scheduled_site_ids, scheduled_post_status) values
  ('a2000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'As drafts', 'scheduled', now() - interval '1 minute',
   array['a1000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000002']::uuid[], 'draft'),
  ('a2000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'Live', 'scheduled', now() - interval '1 minute',
   array['a1000000-0000-4000-8000-000000000001']::uuid[], 'publish');

select throws_ok(
  $$ update public.articles set scheduled_post_status = 'private' $$,
  '23514', null, 'a schedule is publish or draft'
);
select ok(
  has_column_privilege('authenticated', 'public.articles', 'scheduled_post_status', 'update'),
  'the owner may choose it (the drip rule runs as the owner)'
);

select is(
  public.record_publication_success(tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001',
    'a1000000-0000-4000-8000-000000000001', 11, 'https://one.example/?p=11', 'draft', null, null, true),
  'scheduled',
  'one of two targets holds its draft: still scheduled'
);
select results_eq(
  $$ select article_id, site_id from public.claim_due_scheduled_articles(10, 600) order by article_id, site_id $$,
  $$ values ('a2000000-0000-4000-8000-000000000001'::uuid, 'a1000000-0000-4000-8000-000000000002'::uuid),
            ('a2000000-0000-4000-8000-000000000002'::uuid, 'a1000000-0000-4000-8000-000000000001'::uuid) $$,
  'the stored draft is done; the other target and the live schedule are claimed'
);
select is(
  public.record_publication_success(tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001',
    'a1000000-0000-4000-8000-000000000002', 12, 'https://two.example/?p=12', 'draft', null, null, true),
  'draft',
  'every target holds its draft: the article leaves the schedule as a draft'
);
select results_eq(
  $$ select status, scheduled_for, wordpress_site_ids from public.articles where id = 'a2000000-0000-4000-8000-000000000001' $$,
  $$ values ('draft', null::timestamptz, array['a1000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000002']::uuid[]) $$,
  'no longer scheduled, with both sites recorded'
);
select is(
  public.record_publication_success(tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000002',
    'a1000000-0000-4000-8000-000000000001', 13, 'https://one.example/?p=13', 'draft', null, null, true),
  'scheduled',
  'a live schedule is not done by a draft'
);
select is(
  public.record_publication_success(tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000002',
    'a1000000-0000-4000-8000-000000000001', 13, 'https://one.example/?p=13', 'publish', null, null, true),
  'published',
  'and is published by the live post, as before'
);

select * from finish();
rollback;
