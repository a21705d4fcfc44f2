-- Scheduled publishing that keeps up (migration 20261210000100_scheduled_publishing_drain.sql):
-- the claim's limit of live claims per site, and the runs' heartbeat.
begin;
\ir _helpers.psql
select plan(16);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
-- Alice's slow site has five due articles, her other site two, Bob's one; one of Alice's is not due yet.
insert into public.wordpress_sites (id, user_id, name, site_url, username, base_url) values
  ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Slow', 'https://slow.example', 'alice', 'https://slow.example/wp-json/'),
  ('a1000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'Quick', 'https://quick.example', 'alice', 'https://quick.example/wp-json/'),
  ('b1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Bob''s blog', 'https://bob.example', 'bob', 'https://bob.example/wp-json/');
insert into public.articles (id, user_id, title, status, scheduled_for, scheduled_site_ids)
select ('a2000000-0000-4000-8000-00000000000' || n)::uuid, tests.get_supabase_uid('alice'), 'Slow ' || n, 'scheduled',
  now() - make_interval(mins => 10 - n), array['a1000000-0000-4000-8000-000000000001']::uuid[]
from generate_series(1, 5) n;
insert into public.articles (id, user_id, title, status, scheduled_for, scheduled_site_ids) values
  ('a3000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Quick 1', 'scheduled', now() - interval '1 minute',
   array['a1000000-0000-4000-8000-000000000002']::uuid[]),
  ('a3000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'Quick 2', 'scheduled', now() - interval '1 minute',
   array['a1000000-0000-4000-8000-000000000002']::uuid[]),
  ('a3000000-0000-4000-8000-000000000003', tests.get_supabase_uid('alice'), 'Later', 'scheduled', now() + interval '1 hour',
   array['a1000000-0000-4000-8000-000000000002']::uuid[]),
  ('b2000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Bob''s', 'scheduled', now() - interval '30 seconds',
   array['b1000000-0000-4000-8000-000000000001']::uuid[]);

update public.articles set scheduled_post_status = 'draft' where id = 'a2000000-0000-4000-8000-000000000002';

-- Privileges: the secret key's role only.
select ok(
  not has_function_privilege('authenticated', 'public.claim_due_scheduled_articles(integer, integer, integer)', 'execute')
    and not has_function_privilege('anon', 'public.claim_due_scheduled_articles(integer, integer, integer)', 'execute')
    and not has_function_privilege('authenticated', 'public.renew_publication_claims(uuid[], integer)', 'execute')
    and not has_function_privilege('anon', 'public.renew_publication_claims(uuid[], integer)', 'execute'),
  'users cannot claim or renew scheduled work'
);
select ok(
  has_function_privilege('service_role', 'public.claim_due_scheduled_articles(integer, integer, integer)', 'execute')
    and has_function_privilege('service_role', 'public.renew_publication_claims(uuid[], integer)', 'execute'),
  'service_role can'
);
select ok(
  (select bool_and(prosecdef and proconfig @> array['search_path=""']) from pg_proc
   where oid in ('public.claim_due_scheduled_articles(integer, integer, integer)'::regprocedure,
                 'public.renew_publication_claims(uuid[], integer)'::regprocedure)),
  'they are security definer with an empty search_path'
);

select tests.authenticate_as_service_role();
select throws_ok(
  $$ select * from public.claim_due_scheduled_articles(10, 60, 0) $$,
  '22023', 'per_site must be between 1 and 100', 'per_site is at least 1'
);

-- Two per site: the slow site's oldest two, both of the quick site's, Bob's one.
create temporary table first_claims on commit drop as
select * from public.claim_due_scheduled_articles(10, 45, 2);
select results_eq(
  $$ select site_id, count(*)::integer from first_claims group by site_id order by site_id $$,
  $$ values ('a1000000-0000-4000-8000-000000000001'::uuid, 2), ('a1000000-0000-4000-8000-000000000002'::uuid, 2),
            ('b1000000-0000-4000-8000-000000000001'::uuid, 1) $$,
  'at most two pairs per site, every site with due work served'
);
select results_eq(
  $$ select article_id, post_status from first_claims where site_id = 'a1000000-0000-4000-8000-000000000001' order by article_id $$,
  $$ values ('a2000000-0000-4000-8000-000000000001'::uuid, 'publish'), ('a2000000-0000-4000-8000-000000000002'::uuid, 'draft') $$,
  'the oldest due first, each with the status its article is scheduled to get'
);
select results_eq(
  $$ select count(*)::integer from public.publications p join first_claims c using (article_id, site_id)
     where p.claimed_until = now() + interval '45 seconds' and p.claimed_by = 'scheduler' $$,
  $$ values (5) $$,
  'each held for the lease asked'
);
select is_empty(
  $$ select * from public.claim_due_scheduled_articles(10, 45, 2) $$,
  'another run finds every site at its limit: the slow site''s other three wait'
);

-- The limit counts live claims of anyone: a manual publish of a slow-site article holds one of the two.
update public.publications set claim_token = null, claimed_until = null, claimed_by = null, status = 'publish',
  published_at = now()
where article_id = 'a2000000-0000-4000-8000-000000000001';
select * from public.claim_publication(tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000005',
  'a1000000-0000-4000-8000-000000000001');
select is_empty(
  $$ select * from public.claim_due_scheduled_articles(10, 45, 2) $$,
  'a manual publish on the site counts against its limit'
);
select * from public.release_publication_claim(
  (select claim_token from public.publications where article_id = 'a2000000-0000-4000-8000-000000000005'));
select results_eq(
  $$ select article_id from public.claim_due_scheduled_articles(10, 45, 2) $$,
  $$ values ('a2000000-0000-4000-8000-000000000003'::uuid) $$,
  'a slot freed on the site: the next oldest is taken'
);

-- A lapsed claim (its run died) is not live: it neither counts nor stays held.
update public.publications set claimed_until = now() - interval '1 second'
where article_id = 'a2000000-0000-4000-8000-000000000002';
select results_eq(
  $$ select article_id from public.claim_due_scheduled_articles(10, 45, 2) $$,
  $$ values ('a2000000-0000-4000-8000-000000000002'::uuid) $$,
  'the lapsed pair is taken again: its slot was free'
);
select results_eq(
  $$ select article_id from public.claim_due_scheduled_articles(1, 45) $$,
  $$ values ('a2000000-0000-4000-8000-000000000004'::uuid) $$,
  'without per_site there is no limit per site; batch_size still holds'
);

-- The heartbeat: held claims are renewed, others are left alone.
update public.publications set claimed_until = now() + interval '5 seconds'
where article_id = 'a3000000-0000-4000-8000-000000000001';
update public.publications set claimed_until = now() + interval '10 minutes'
where article_id = 'a3000000-0000-4000-8000-000000000002';
select results_eq(
  $$ select count(*)::integer from public.renew_publication_claims(
       array[(select claim_token from public.publications where article_id = 'a3000000-0000-4000-8000-000000000001'),
             (select claim_token from public.publications where article_id = 'a3000000-0000-4000-8000-000000000002'),
             'c0000000-0000-4000-8000-000000000000'::uuid], 45) $$,
  $$ values (2) $$,
  'the tokens still held are renewed and returned; an unknown one is not'
);
select results_eq(
  $$ select article_id, claimed_until - now() from public.publications
     where article_id in ('a3000000-0000-4000-8000-000000000001', 'a3000000-0000-4000-8000-000000000002') order by article_id $$,
  $$ values ('a3000000-0000-4000-8000-000000000001'::uuid, interval '45 seconds'),
            ('a3000000-0000-4000-8000-000000000002'::uuid, interval '10 minutes') $$,
  'renewed to now() + the lease, never shortened (a create under way keeps its longer lease)'
);
select throws_ok(
  $$ select * from public.renew_publication_claims(array[]::uuid[], 10) $$,
  '22023', 'lease_seconds must be between 30 and 3600', 'the lease has the claims'' bounds'
);

select tests.authenticate_as('alice');
select throws_ok(
  $$ select * from public.renew_publication_claims(array[]::uuid[], 45) $$,
  '42501', null, 'alice cannot renew through the API'
);

select tests.clear_authentication();
select * from finish();
rollback;
