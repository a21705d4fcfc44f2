-- Fair bulk drafting (migration 20261205000100): users take turns whatever
-- their backlog, the installation-wide limit on drafts in flight, each user's
-- own limit, a rate-limited user paused and their limit learned, the demand
-- the worker starts helpers from; the queue's bookkeeping out of every API
-- role's reach but the secret key's. (Claims racing in several sessions:
-- tests/integration/fair-drafting.test.ts on PostgreSQL.)
begin;
\ir _helpers.psql
select plan(25);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');
select tests.create_supabase_user('carol');

select tests.clear_authentication();
insert into public.assistants (id, user_id, name, instructions) values
  ('a3000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'A', ''),
  ('b3000000-0000-4000-8000-000000000002', tests.get_supabase_uid('bob'), 'B', ''),
  ('c3000000-0000-4000-8000-000000000002', tests.get_supabase_uid('carol'), 'C', '');

-- Only the secret key
select ok(
  not has_function_privilege('authenticated', 'public.claim_draft_jobs(integer,integer,integer,integer,integer)', 'execute')
    and not has_function_privilege('authenticated', 'public.draft_queue_demand(integer,integer)', 'execute')
    and not has_function_privilege('authenticated', 'public.record_draft_rate_limit(uuid,integer,integer)', 'execute')
    and not has_function_privilege('anon', 'public.record_draft_rate_limit(uuid,integer,integer)', 'execute'),
  'no API role but the secret key may claim, read the demand or pause a user'
);
select ok(
  not has_table_privilege('authenticated', 'public.draft_queue_users', 'select, insert, update, delete')
    and not has_table_privilege('anon', 'public.draft_queue_users', 'select, insert, update, delete'),
  'the queue''s bookkeeping is out of the browser''s reach'
);
select tests.authenticate_as('alice');
select throws_ok(
  $$ select * from public.draft_queue_users $$,
  '42501', 'permission denied for table draft_queue_users', 'a user cannot read anyone''s turn or pause'
);
select throws_ok(
  $$ select public.record_draft_rate_limit(tests.get_supabase_uid('bob'), 3600, 2) $$,
  '42501', 'permission denied for function record_draft_rate_limit', 'a user cannot pause another user'
);

-- Alice queued 6 ideas first, Bob 4 a minute later, Carol 1 after him.
select tests.authenticate_as_service_role();
select public.create_draft_batch(tests.get_supabase_uid('alice'), 'A', 'a3000000-0000-4000-8000-000000000002', false, '{}',
  '[{"idea": "a1"}, {"idea": "a2"}, {"idea": "a3"}, {"idea": "a4"}, {"idea": "a5"}, {"idea": "a6"}]'::jsonb);
select public.create_draft_batch(tests.get_supabase_uid('bob'), 'B', 'b3000000-0000-4000-8000-000000000002', false, '{}',
  '[{"idea": "b1"}, {"idea": "b2"}, {"idea": "b3"}, {"idea": "b4"}]'::jsonb);
select public.create_draft_batch(tests.get_supabase_uid('carol'), 'C', 'c3000000-0000-4000-8000-000000000002', false, '{}',
  '[{"idea": "c1"}]'::jsonb);
select tests.clear_authentication();
update public.draft_jobs set next_attempt_at = now() - interval '3 minutes' where user_id = tests.get_supabase_uid('alice');
update public.draft_jobs set next_attempt_at = now() - interval '2 minutes' where user_id = tests.get_supabase_uid('bob');
update public.draft_jobs set next_attempt_at = now() - interval '1 minute' where user_id = tests.get_supabase_uid('carol');

select results_eq(
  $$ select * from public.draft_queue_demand(2, 32) $$,
  $$ values (0, 5) $$,
  'demand: two of Alice''s, two of Bob''s and Carol''s one could start now'
);
select results_eq(
  $$ select * from public.draft_queue_demand(2, 3) $$,
  $$ values (0, 3) $$,
  'demand never exceeds the installation''s limit'
);

-- Turns: every waiting user's first draft before anyone's second.
select results_eq(
  $$ select idea from public.claim_draft_jobs(3, 2, 32, 300, 4) $$,
  $$ values ('a1'), ('b1'), ('c1') $$,
  'three jobs at once go to three users, oldest waiting first, not to the user with the longest backlog'
);
-- (Every claim is its own transaction in production; here the turns are set by hand.)
update public.draft_queue_users set last_claimed_at = now() - interval '5 seconds' where user_id = tests.get_supabase_uid('alice');
update public.draft_queue_users set last_claimed_at = now() - interval '10 seconds' where user_id = tests.get_supabase_uid('bob');
select results_eq(
  $$ select idea from public.claim_draft_jobs(1, 2, 32, 300, 4) $$,
  $$ values ('b2') $$,
  'then second turns: the user served longest ago first, though Alice has waited longer'
);
select results_eq(
  $$ select idea from public.claim_draft_jobs(1, 2, 32, 300, 4) $$,
  $$ values ('a2') $$,
  'and then Alice'
);
select is_empty(
  $$ select * from public.claim_draft_jobs(5, 2, 32, 300, 4) $$,
  'Alice and Bob are at the per-user limit and Carol has nothing left'
);
select results_eq(
  $$ select * from public.draft_queue_demand(2, 32) $$,
  $$ values (5, 0) $$,
  'demand: five in flight, nothing more claimable'
);

-- The installation's limit holds whatever the per-user limits allow.
select results_eq(
  $$ select idea from public.claim_draft_jobs(5, 10, 6, 300, 4) $$,
  $$ values ('b3') $$,
  'with a limit of 6 in flight and 5 in flight, one more is claimed (Bob''s: both have two in flight, he was served longer ago)'
);
select is_empty(
  $$ select * from public.claim_draft_jobs(5, 10, 6, 300, 4) $$,
  'at the installation''s limit nothing is claimed'
);
select throws_ok(
  $$ select * from public.claim_draft_jobs(1, 2, 0, 300, 4) $$,
  '22023', 'p_max_in_flight must be between 1 and 1000', 'the installation''s limit is validated'
);

-- A finished draft frees a turn: the freed slot goes to the user with fewest in flight.
create function pg_temp.job_of(p_idea text) returns uuid language sql as $$
  select id from public.draft_jobs where idea = p_idea
$$;
create function pg_temp.claim_of(p_idea text) returns uuid language sql as $$
  select claim_id from public.draft_jobs where idea = p_idea
$$;
select ok(
  public.complete_draft_job(pg_temp.job_of('b1'), pg_temp.claim_of('b1'), 'B1', '<p>b</p>', '', '', '', '', '{}', '{}')
    is not null
  and public.complete_draft_job(pg_temp.job_of('b2'), pg_temp.claim_of('b2'), 'B2', '<p>b</p>', '', '', '', '', '{}', '{}')
    is not null,
  'two of Bob''s drafts are stored'
);
select results_eq(
  $$ select idea from public.claim_draft_jobs(1, 4, 32, 300, 4) $$,
  $$ values ('b4') $$,
  'Bob (one in flight) goes before Alice (two in flight), though he was served last'
);

-- A rate limit from Alice's provider pauses her and halves her own limit.
select lives_ok(
  $$ select public.record_draft_rate_limit(tests.get_supabase_uid('alice'), 60, 4) $$,
  'Alice''s provider answered 429 with Retry-After 60 s'
);
select results_eq(
  $$ select paused_until = now() + interval '60 seconds', in_flight_limit from public.draft_queue_users
     where user_id = tests.get_supabase_uid('alice') $$,
  $$ values (true, 2) $$,
  'she is paused for a minute, her limit halved from 4 to 2'
);
select lives_ok(
  $$ select public.record_draft_rate_limit(tests.get_supabase_uid('alice'), 5, 4) $$,
  'a second 429 with a shorter Retry-After'
);
select results_eq(
  $$ select paused_until = now() + interval '60 seconds', in_flight_limit from public.draft_queue_users
     where user_id = tests.get_supabase_uid('alice') $$,
  $$ values (true, 1) $$,
  'does not shorten the pause; the limit halves again, to no less than 1'
);
select is_empty(
  $$ select * from public.claim_draft_jobs(5, 10, 32, 300, 4) $$,
  'a paused user''s jobs wait out the pause'
);
select isnt(
  public.complete_draft_job(pg_temp.job_of('a1'), pg_temp.claim_of('a1'), 'A1', '<p>a</p>', '', '', '', '', '{}', '{}'),
  null, 'her draft in flight during the pause is stored'
);
select results_eq(
  $$ select in_flight_limit from public.draft_queue_users where user_id = tests.get_supabase_uid('alice') $$,
  $$ values (1) $$,
  'but does not raise her limit: it was under way when the provider refused'
);
update public.draft_queue_users set paused_until = now() - interval '1 second' where user_id = tests.get_supabase_uid('alice');
select isnt(
  public.complete_draft_job(pg_temp.job_of('a2'), pg_temp.claim_of('a2'), 'A2', '<p>a</p>', '', '', '', '', '{}', '{}'),
  null, 'after the pause, her next draft is stored'
);
select results_eq(
  $$ select in_flight_limit from public.draft_queue_users where user_id = tests.get_supabase_uid('alice') $$,
  $$ values (2) $$,
  'each draft stored after the pause raises her learned limit by one'
);

select * from finish();
rollback;
