-- One claim per (article, site) for manual and scheduled publishing, the
-- create fence and the marker (migration 20261204000100_publication_claims.sql).
begin;
\ir _helpers.psql
select plan(29);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.wordpress_sites (id, user_id, name, site_url, username, base_url) values
  ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s blog', 'https://alice.example', 'alice', 'https://alice.example/wp-json/'),
  ('b1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Bob''s blog', 'https://bob.example', 'bob', 'https://bob.example/wp-json/');
-- One draft published by hand; one scheduled article that is due on the same site.
insert into public.articles (id, user_id, title, status, scheduled_for, scheduled_site_ids) values
  ('a2000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'By hand', 'draft', null, '{}'),
  ('a2000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'Due', 'scheduled', now() - interval '1 minute',
   array['a1000000-0000-4000-8000-000000000001']::uuid[]);

-- Privileges: the secret key's role only.
select ok(
  not has_function_privilege('authenticated', 'public.claim_publication(uuid, uuid, uuid, integer, uuid)', 'execute')
    and not has_function_privilege('anon', 'public.claim_publication(uuid, uuid, uuid, integer, uuid)', 'execute')
    and not has_function_privilege('authenticated', 'public.begin_remote_create(uuid, integer)', 'execute')
    and not has_function_privilege('authenticated', 'public.release_publication_claim(uuid)', 'execute')
    and not has_function_privilege('authenticated', 'public.claim_due_scheduled_articles(integer, integer, integer)', 'execute'),
  'users cannot claim, fence or release'
);
select ok(
  has_function_privilege('service_role', 'public.claim_publication(uuid, uuid, uuid, integer, uuid)', 'execute')
    and has_function_privilege('service_role', 'public.begin_remote_create(uuid, integer)', 'execute')
    and has_function_privilege('service_role', 'public.release_publication_claim(uuid)', 'execute'),
  'service_role can'
);
select ok(
  (select bool_and(prosecdef and proconfig @> array['search_path=""']) from pg_proc
   where oid in ('public.claim_publication(uuid, uuid, uuid, integer, uuid)'::regprocedure,
                 'public.begin_remote_create(uuid, integer)'::regprocedure,
                 'public.release_publication_claim(uuid)'::regprocedure)),
  'they are security definer with an empty search_path'
);
select tests.authenticate_as('alice');
select throws_ok(
  $$ select * from public.claim_publication(tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001',
       'a1000000-0000-4000-8000-000000000001') $$,
  '42501', null, 'alice cannot claim through the API'
);

-- A manual claim of a new pair.
select tests.authenticate_as_service_role();
create temporary table first_claim on commit drop as
select * from public.claim_publication(tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001',
  'a1000000-0000-4000-8000-000000000001');
select results_eq(
  $$ select remote_create_started, remote_post_id, remote_post_ref, claim_token is not null, remote_marker is not null
     from first_claim $$,
  $$ values (false, null::bigint, null::text, true, true) $$,
  'the claim returns a token and the marker, and nothing was created before'
);
select results_eq(
  $$ select p.status, p.claimed_by, p.claimed_until, p.claim_token = c.claim_token, p.remote_marker = c.remote_marker
     from public.publications p, first_claim c where p.article_id = 'a2000000-0000-4000-8000-000000000001' $$,
  $$ values ('pending', 'manual', now() + interval '120 seconds', true, true) $$,
  'a new pair gets its row, held by a manual publish for 120 s'
);
select throws_ok(
  $$ select * from public.claim_publication(tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001',
       'a1000000-0000-4000-8000-000000000001') $$,
  'PT409', 'This article is being published to this site', 'a second claim while it is held is refused (HTTP 409)'
);
create function pg_temp.refusal_detail() returns jsonb
language plpgsql as $fn$
declare
  detail text;
begin
  perform * from public.claim_publication(tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001',
    'a1000000-0000-4000-8000-000000000001');
  return null;
exception when sqlstate 'PT409' then
  get stacked diagnostics detail = pg_exception_detail;
  return detail::jsonb;
end;
$fn$;
select is(
  pg_temp.refusal_detail() - 'claimed_until',
  '{"claimed_by": "manual"}'::jsonb,
  'the refusal says who holds the pair (and until when)'
);
select throws_ok(
  $$ select * from public.claim_publication(tests.get_supabase_uid('bob'), 'a2000000-0000-4000-8000-000000000001',
       'a1000000-0000-4000-8000-000000000001') $$,
  'P0002', null, 'another user''s article is not found'
);
select throws_ok(
  $$ select * from public.claim_publication(tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001',
       'b1000000-0000-4000-8000-000000000001') $$,
  'P0002', null, 'another user''s site is not found'
);
select throws_ok(
  $$ select * from public.claim_publication(tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001',
       'a1000000-0000-4000-8000-000000000001', 10) $$,
  '22023', 'lease_seconds must be between 30 and 3600', 'the lease is validated'
);

-- The create fence.
select is(
  public.begin_remote_create((select claim_token from first_claim)),
  (select remote_marker from first_claim),
  'announcing a create returns the marker'
);
select results_eq(
  $$ select remote_create_started_at, claimed_until from public.publications
     where article_id = 'a2000000-0000-4000-8000-000000000001' $$,
  $$ values (now(), now() + interval '120 seconds') $$,
  'the create is recorded as under way and the lease covers it'
);
select throws_ok(
  $$ select public.begin_remote_create(gen_random_uuid()) $$,
  'PT409', 'This publish no longer holds its claim', 'a token that holds nothing may not create'
);

-- The holder dies after its create was sent; its lease lapses; the next publish takes over.
select tests.clear_authentication();
update public.publications set claimed_until = now() - interval '1 second'
where article_id = 'a2000000-0000-4000-8000-000000000001';
select tests.authenticate_as_service_role();
create temporary table second_claim on commit drop as
select * from public.claim_publication(tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001',
  'a1000000-0000-4000-8000-000000000001');
select results_eq(
  $$ select s.remote_create_started, s.remote_marker = f.remote_marker, s.claim_token <> f.claim_token
     from second_claim s, first_claim f $$,
  $$ values (true, true, true) $$,
  'after a lapsed lease the next claim is told an earlier create may exist, with the same marker'
);
select throws_ok(
  format('select public.begin_remote_create(%L)', (select claim_token from first_claim)),
  'PT409', 'This publish no longer holds its claim', 'the overtaken holder can no longer create'
);
select results_eq(
  format($$ select * from public.record_publication_failure(tests.get_supabase_uid('alice'),
       'a2000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000001', 'timed out', false,
       p_remote_post_id => 41, p_claim_token => %L) $$, (select claim_token from first_claim)),
  $$ values (0, null::timestamptz) $$,
  'the overtaken holder''s failure counts no attempt'
);
select results_eq(
  $$ select p.status, p.last_error, p.remote_post_id, p.claim_token = s.claim_token
     from public.publications p, second_claim s where p.article_id = 'a2000000-0000-4000-8000-000000000001' $$,
  $$ values ('pending', null::text, 41::bigint, true) $$,
  '... and leaves the new holder''s state and claim alone, keeping only the remote post it learnt of'
);

-- The new holder adopts the post and records it: the claim is given back, the create settled.
select is(
  public.record_publication_success(tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001',
    'a1000000-0000-4000-8000-000000000001', 41, 'https://alice.example/?p=41', 'publish',
    p_claim_token => (select claim_token from second_claim)),
  'published',
  'the success is recorded'
);
select results_eq(
  $$ select status, remote_post_id, claim_token, claimed_until, claimed_by, remote_create_started_at
     from public.publications where article_id = 'a2000000-0000-4000-8000-000000000001' $$,
  $$ values ('publish', 41::bigint, null::uuid, null::timestamptz, null::text, null::timestamptz) $$,
  'the claim is free again and no create is pending'
);
select results_eq(
  $$ select remote_create_started, remote_post_id from public.claim_publication(tests.get_supabase_uid('alice'),
       'a2000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000001') $$,
  $$ values (false, 41::bigint) $$,
  'the next publish claims it at once and gets the post to update'
);
select lives_ok(
  $$ select public.release_publication_claim(
       (select claim_token from public.publications where article_id = 'a2000000-0000-4000-8000-000000000001')) $$,
  'a claim can be given back unused'
);
select is(
  (select claim_token from public.publications where article_id = 'a2000000-0000-4000-8000-000000000001'),
  null, 'and then nobody holds it'
);

-- Manual and scheduled publishing share the claim.
select * from public.claim_publication(tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000002',
  'a1000000-0000-4000-8000-000000000001');
select is_empty(
  $$ select * from public.claim_due_scheduled_articles(10) $$,
  'the scheduler skips a due pair that a manual publish holds'
);
select tests.clear_authentication();
update public.publications set claim_token = null, claimed_until = null, claimed_by = null
where article_id = 'a2000000-0000-4000-8000-000000000002';
select tests.authenticate_as_service_role();
create temporary table scheduled_claim on commit drop as
select * from public.claim_due_scheduled_articles(10);
select results_eq(
  $$ select c.article_id, p.claimed_by, p.claimed_until, c.claim_token = p.claim_token
     from scheduled_claim c join public.publications p on p.article_id = c.article_id and p.site_id = c.site_id $$,
  $$ values ('a2000000-0000-4000-8000-000000000002'::uuid, 'scheduler', now() + interval '120 seconds', true) $$,
  'once free, the scheduler claims it for 120 s and returns its token'
);
select throws_ok(
  $$ select * from public.claim_publication(tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000002',
       'a1000000-0000-4000-8000-000000000001') $$,
  'PT409', 'This article is being published to this site', 'a manual publish meanwhile is refused'
);
select results_eq(
  $$ select claim_token = (select claim_token from scheduled_claim) from public.claim_publication(
       tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000002', 'a1000000-0000-4000-8000-000000000001',
       p_claim_token => (select claim_token from scheduled_claim)) $$,
  $$ values (true) $$,
  'the scheduler renews its own claim with its token'
);
select throws_ok(
  $$ select * from public.claim_publication(tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000002',
       'a1000000-0000-4000-8000-000000000001', p_claim_token => gen_random_uuid()) $$,
  'PT409', null, 'a token that does not hold the pair renews nothing'
);

-- The owner can read the claim's existence, no more than her own rows.
select tests.authenticate_as('bob');
select is_empty($$ select 1 from public.publications $$, 'bob sees none of alice''s publications or claims');

select tests.clear_authentication();
select * from finish();
rollback;
