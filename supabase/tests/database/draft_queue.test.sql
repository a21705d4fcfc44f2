-- The bulk-drafting queue's functions (migration 20261128000400): secret key
-- only; a batch created in one step; claims that respect the per-user limit,
-- leases and the attempt limit; outcomes recorded only by the current claim,
-- so an idea becomes at most one draft; Cancel and Retry failed for the
-- owner's batch only. (Claims racing in two sessions are tested by the
-- integration suite on PostgreSQL: npm run test:integration:pg.)
begin;
\ir _helpers.psql
select plan(38);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.assistants (id, user_id, name, instructions) values
  ('a3000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s writer', 'Write well.'),
  ('b3000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Bob''s writer', '');
insert into public.wordpress_sites (id, user_id, name, site_url, username, base_url) values
  ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s blog', 'https://alice.example', 'alice', 'https://alice.example/wp-json/'),
  ('b1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Bob''s blog', 'https://bob.example', 'bob', 'https://bob.example/wp-json/');

-- Only the secret key
select ok(
  not has_function_privilege('authenticated', 'public.create_draft_batch(uuid,text,uuid,boolean,uuid[],jsonb,text,jsonb,uuid,text[],boolean)', 'execute')
    and not has_function_privilege('authenticated', 'public.claim_draft_jobs(integer,integer,integer,integer,integer)', 'execute')
    and not has_function_privilege('authenticated', 'public.complete_draft_job(uuid,uuid,text,text,text,text,text,text,text[],text[],text,text,boolean)', 'execute')
    and not has_function_privilege('authenticated', 'public.fail_draft_job(uuid,uuid,text,integer)', 'execute')
    and not has_function_privilege('authenticated', 'public.release_draft_job(uuid,uuid)', 'execute')
    and not has_function_privilege('authenticated', 'public.cancel_draft_batch(uuid,uuid)', 'execute')
    and not has_function_privilege('authenticated', 'public.retry_failed_draft_jobs(uuid,uuid)', 'execute'),
  'a signed-in user cannot call the queue functions (they take any user''s id)'
);
select tests.authenticate_as('alice');
select throws_ok(
  $$ select * from public.claim_draft_jobs() $$,
  '42501', 'permission denied for function claim_draft_jobs', 'a user cannot claim jobs'
);
select throws_ok(
  $$ select public.retry_failed_draft_jobs(tests.get_supabase_uid('alice'), gen_random_uuid()) $$,
  '42501', 'permission denied for function retry_failed_draft_jobs', 'a user cannot re-queue without the function''s rate limit'
);

-- create_draft_batch
select tests.authenticate_as_service_role();
select lives_ok(
  $$ select public.create_draft_batch(
       tests.get_supabase_uid('alice'), 'Garden', 'a3000000-0000-4000-8000-000000000001', true,
       array['a1000000-0000-4000-8000-000000000001']::uuid[],
       '[{"idea": "Composting", "focus_keyword": "compost", "categories": ["Garden"], "tags": ["soil", "diy"]},
         {"idea": "Tomatoes", "focus_keyword": ""},
         {"idea": "Worms"}]'::jsonb) $$,
  'service_role creates a batch of three ideas'
);
select results_eq(
  $$ select j.position, j.idea, j.focus_keyword, j.categories, j.tags, j.status, j.attempts, b.target_site_ids
     from public.draft_jobs j join public.draft_batches b on b.id = j.batch_id
     where j.user_id = tests.get_supabase_uid('alice') order by j.position $$,
  $$ values
       (0, 'Composting', 'compost', array['Garden'], array['soil', 'diy'], 'queued', 0, array['a1000000-0000-4000-8000-000000000001']::uuid[]),
       (1, 'Tomatoes', null, '{}'::text[], '{}'::text[], 'queued', 0, array['a1000000-0000-4000-8000-000000000001']::uuid[]),
       (2, 'Worms', null, '{}'::text[], '{}'::text[], 'queued', 0, array['a1000000-0000-4000-8000-000000000001']::uuid[]) $$,
  'one queued job per idea, in order, with its keyword, categories and tags'
);
select throws_ok(
  $$ select public.create_draft_batch(tests.get_supabase_uid('alice'), 'X', 'a3000000-0000-4000-8000-000000000001', true,
       array['b1000000-0000-4000-8000-000000000001']::uuid[], '[{"idea": "x"}]'::jsonb) $$,
  'P0002', 'site not found for this user', 'another user''s site is refused'
);
select throws_ok(
  $$ select public.create_draft_batch(tests.get_supabase_uid('alice'), 'X', 'b3000000-0000-4000-8000-000000000001', true,
       '{}'::uuid[], '[{"idea": "x"}]'::jsonb) $$,
  '23503', null, 'another user''s assistant is refused'
);
select throws_ok(
  $$ select public.create_draft_batch(tests.get_supabase_uid('alice'), 'X', 'a3000000-0000-4000-8000-000000000001', true,
       '{}'::uuid[], '[]'::jsonb) $$,
  '22023', 'p_items must be a non-empty array', 'a batch has ideas'
);
select lives_ok(
  $$ select public.create_draft_batch(tests.get_supabase_uid('bob'), 'Bob', 'b3000000-0000-4000-8000-000000000001', false,
       '{}'::uuid[], '[{"idea": "Woodwork"}]'::jsonb) $$,
  'bob queues one idea'
);

-- The rest as the test runner (the grants are tested above), so the test can keep claims aside.
select tests.clear_authentication();

-- claim_draft_jobs: at most per_user live claims per user, oldest first, every user served.
create temporary table claims on commit drop as
  select * from public.claim_draft_jobs(10, 2, 100, 300, 4);
select results_eq(
  $$ select c.user_id = tests.get_supabase_uid('alice'), c.idea, c.attempts, c.assistant_id from claims c order by c.user_id = tests.get_supabase_uid('bob'), c.idea $$,
  $$ values (true, 'Composting', 1, 'a3000000-0000-4000-8000-000000000001'::uuid),
            (true, 'Tomatoes', 1, 'a3000000-0000-4000-8000-000000000001'::uuid),
            (false, 'Woodwork', 1, 'b3000000-0000-4000-8000-000000000001'::uuid) $$,
  'two of alice''s jobs (her limit) and bob''s are claimed, with their assistant'
);
select is(
  (select count(distinct claim_id)::int from claims), 3,
  'each claim has its own token'
);
select ok(
  (select bool_and(j.status = 'drafting' and j.claim_id = c.claim_id and j.next_attempt_at = now() + interval '300 seconds'
      and j.started_at = now())
   from claims c join public.draft_jobs j on j.id = c.job_id),
  'claimed jobs are drafting, with the token and a lease of lease_seconds'
);
select is_empty(
  $$ select * from public.claim_draft_jobs(10, 2, 100, 300, 4) $$,
  'alice is at her limit and bob has nothing left: nothing more is claimed'
);
select is(
  (select count(*)::int from public.claim_draft_jobs(10, 3, 100, 300, 4)), 1,
  'a higher per-user limit lets her third job through'
);
select throws_ok(
  $$ select * from public.claim_draft_jobs(0, 2, 100, 300, 4) $$,
  '22023', 'p_max_jobs must be between 1 and 50', 'max_jobs is validated'
);
select throws_ok(
  $$ select * from public.claim_draft_jobs(1, 2, 100, 5, 4) $$,
  '22023', 'p_lease_seconds must be between 30 and 3600', 'the lease is validated'
);

-- complete_draft_job: only the current claim writes, and only once.
create function pg_temp.claim_of(p_idea text) returns uuid language sql as $$
  select claim_id from public.draft_jobs where idea = p_idea
$$;
create function pg_temp.job_of(p_idea text) returns uuid language sql as $$
  select id from public.draft_jobs where idea = p_idea
$$;
select is(
  public.complete_draft_job(pg_temp.job_of('Composting'), gen_random_uuid(), 'T', '<p>C</p>', 'E', 'M', 'K', 's',
    '{}', '{}'),
  null,
  'a stale claim token stores nothing'
);
select isnt(
  public.complete_draft_job(pg_temp.job_of('Composting'), pg_temp.claim_of('Composting'), 'Composting at home',
    '<p>Start small.</p>', 'A guide.', 'Compost at home.', 'compost', 'composting-at-home', array['Garden'], array['soil']),
  null,
  'the current claim stores the draft'
);
select results_eq(
  $$ select a.user_id = tests.get_supabase_uid('alice'), a.title, a.content, a.status, a.draft_batch_id = j.batch_id,
            a.approval_required, a.approved_at, a.assistant_id, a.categories, a.tags, j.status, j.claim_id, j.finished_at = now()
     from public.draft_jobs j join public.articles a on a.id = j.article_id
     where j.idea = 'Composting' $$,
  $$ values (true, 'Composting at home', '<p>Start small.</p>', 'draft', true, true, null::timestamptz,
             'a3000000-0000-4000-8000-000000000001'::uuid, array['Garden'], array['soil'], 'done', null::uuid, true) $$,
  'the draft is an ordinary article of the owner, linked to the batch, waiting for approval; the job is done'
);
select is(
  (select count(*)::int from public.articles where title = 'Composting at home'), 1,
  'exactly one article'
);
select is(
  (select count(*)::int from public.claim_draft_jobs(10, 10, 100, 300, 4)), 0,
  'a done job is never claimed again (nor one being drafted)'
);

-- fail_draft_job: retried after the back-off, or failed for good; only by the current claim.
select is(
  public.fail_draft_job(pg_temp.job_of('Tomatoes'), gen_random_uuid(), 'late', 30), null,
  'a stale claim records nothing'
);
select is(
  public.fail_draft_job(pg_temp.job_of('Tomatoes'), pg_temp.claim_of('Tomatoes'), 'Rate limited', 30), 'queued',
  'a retryable failure queues the job again'
);
select results_eq(
  $$ select status, claim_id, last_error, next_attempt_at - now(), attempts from public.draft_jobs where idea = 'Tomatoes' $$,
  $$ values ('queued', null::uuid, 'Rate limited', interval '30 seconds', 1) $$,
  'not before its back-off, keeping the attempt and the reason'
);
select is(
  public.fail_draft_job(pg_temp.job_of('Woodwork'), pg_temp.claim_of('Woodwork'), 'Invalid key', null), 'failed',
  'a final failure fails the job'
);
select throws_ok(
  $$ select public.fail_draft_job(pg_temp.job_of('Worms'), pg_temp.claim_of('Worms'), '  ', null) $$,
  '22023', 'p_error is required', 'a failure has a reason'
);

-- release_draft_job: back to the queue, the attempt not counted.
select ok(public.release_draft_job(pg_temp.job_of('Worms'), pg_temp.claim_of('Worms')), 'the current claim releases its job');
select results_eq(
  $$ select status, attempts, claim_id, next_attempt_at = now() from public.draft_jobs where idea = 'Worms' $$,
  $$ values ('queued', 0, null::uuid, true) $$,
  'a released job is queued at once, its attempt not counted'
);

-- A lapsed lease: claimed again with a new token; after the last attempt, failed.
select is((select count(*)::int from public.claim_draft_jobs(1, 2, 100, 300, 4)), 1, 'alice''s released job is claimed again');
create temporary table lapsed on commit drop as select claim_id from public.draft_jobs where idea = 'Worms';
update public.draft_jobs set next_attempt_at = now() - interval '1 second' where idea = 'Worms';
create temporary table reclaimed on commit drop as
  select * from public.claim_draft_jobs(1, 2, 100, 300, 4) where idea = 'Worms';
select results_eq(
  $$ select attempts, claim_id is distinct from (select claim_id from lapsed) from reclaimed $$,
  $$ values (2, true) $$,
  'a job whose worker died is claimed again, with a new token, counting the attempt'
);
update public.draft_jobs set next_attempt_at = now() - interval '1 second', attempts = 4 where idea = 'Worms';
select is_empty(
  $$ select * from public.claim_draft_jobs(10, 5, 100, 300, 4) where idea = 'Worms' $$,
  'after the last attempt it is not claimed again'
);
select results_eq(
  $$ select status, claim_id, last_error from public.draft_jobs where idea = 'Worms' $$,
  $$ values ('failed', null::uuid,
       'Drafting was interrupted 4 times (the worker ran out of time or stopped). Use Retry failed to try again.') $$,
  'it fails with a reason the owner can act on'
);

-- cancel_draft_batch / retry_failed_draft_jobs: the owner's batch only.
create function pg_temp.batch_of(p_idea text) returns uuid language sql as $$
  select batch_id from public.draft_jobs where idea = p_idea
$$;
select is(
  public.cancel_draft_batch(tests.get_supabase_uid('bob'), pg_temp.batch_of('Tomatoes')), null,
  'bob cannot cancel alice''s batch'
);
select is(
  public.cancel_draft_batch(tests.get_supabase_uid('alice'), pg_temp.batch_of('Tomatoes')), 1,
  'alice cancels hers: the queued job'
);
select results_eq(
  $$ select idea, status from public.draft_jobs where user_id = tests.get_supabase_uid('alice') order by position $$,
  $$ values ('Composting', 'done'), ('Tomatoes', 'cancelled'), ('Worms', 'failed') $$,
  'done and failed jobs keep their outcome'
);
select is(
  public.retry_failed_draft_jobs(tests.get_supabase_uid('bob'), pg_temp.batch_of('Tomatoes')), null,
  'bob cannot retry alice''s batch'
);
select is(
  public.retry_failed_draft_jobs(tests.get_supabase_uid('alice'), pg_temp.batch_of('Tomatoes')), 1,
  'alice retries her failed job'
);
select results_eq(
  $$ select status, attempts, last_error, finished_at from public.draft_jobs where idea = 'Worms' $$,
  $$ values ('queued', 0, null::text, null::timestamptz) $$,
  'it is queued afresh'
);

select * from finish();
rollback;
