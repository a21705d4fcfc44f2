-- Per-user rate limits: private.rate_limit_events (not exposed by the API,
-- no privilege for any API role) and public.consume_rate_limit(), callable
-- by the secret key alone: a sliding window of costs per user and action,
-- refused requests not counted, Retry-After when the oldest events leave.
begin;
\ir _helpers.psql
select plan(23);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

-- Shape and privileges
select has_table('private', 'rate_limit_events', 'the events live in the private schema');
select ok(
  (select relrowsecurity from pg_class where oid = 'private.rate_limit_events'::regclass),
  'row-level security is on for the events'
);
select ok(
  not has_table_privilege('anon', 'private.rate_limit_events', 'select, insert, update, delete')
    and not has_table_privilege('authenticated', 'private.rate_limit_events', 'select, insert, update, delete')
    and not has_table_privilege('service_role', 'private.rate_limit_events', 'select, insert, update, delete'),
  'no API role reads or writes the events directly'
);
select ok(
  not has_function_privilege('anon', 'public.consume_rate_limit(uuid,text,integer,integer,integer)', 'execute')
    and not has_function_privilege('authenticated', 'public.consume_rate_limit(uuid,text,integer,integer,integer)', 'execute')
    and has_function_privilege('service_role', 'public.consume_rate_limit(uuid,text,integer,integer,integer)', 'execute'),
  'only the secret key may count requests (a user cannot reset or spend another''s limit)'
);
select is(
  (select prosecdef from pg_proc where oid = 'public.consume_rate_limit(uuid,text,integer,integer,integer)'::regprocedure),
  true,
  'consume_rate_limit() runs as definer (the events are not the caller''s to touch)'
);
select has_index('private', 'rate_limit_events', 'rate_limit_events_user_id_action_occurred_at_idx',
  array['user_id', 'action', 'occurred_at'], 'the window scan is indexed');

select tests.authenticate_as('alice');
select throws_ok(
  $$ select * from public.consume_rate_limit(tests.get_supabase_uid('alice'), 'ai_text', 1, 100, 60) $$,
  '42501', 'permission denied for function consume_rate_limit', 'a signed-in user cannot call it'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ select * from public.consume_rate_limit(tests.get_supabase_uid('alice'), 'ai_text', 1, 100, 60) $$,
  '42501', 'permission denied for function consume_rate_limit', 'anon cannot call it'
);

-- Counting
select tests.authenticate_as_service_role();
select results_eq(
  $$ select allowed, retry_after_seconds, remaining from public.consume_rate_limit(tests.get_supabase_uid('alice'), 'ai_text', 1, 3, 60) $$,
  $$ values (true, 0, 2) $$,
  'the first request is admitted, 2 left'
);
select results_eq(
  $$ select allowed, remaining from public.consume_rate_limit(tests.get_supabase_uid('alice'), 'ai_text', 2, 3, 60) $$,
  $$ values (true, 0) $$,
  'a request costing 2 uses the rest'
);
select results_eq(
  $$ select allowed, remaining from public.consume_rate_limit(tests.get_supabase_uid('alice'), 'ai_text', 1, 3, 60) $$,
  $$ values (false, 0) $$,
  'the next one is refused'
);
select ok(
  (select retry_after_seconds between 59 and 60
   from public.consume_rate_limit(tests.get_supabase_uid('alice'), 'ai_text', 1, 3, 60)),
  'and told to come back when the oldest event leaves the 60 s window'
);
select results_eq(
  $$ select allowed from public.consume_rate_limit(tests.get_supabase_uid('bob'), 'ai_text', 1, 3, 60) $$,
  $$ values (true) $$,
  'bob has his own allowance'
);
select results_eq(
  $$ select allowed from public.consume_rate_limit(tests.get_supabase_uid('alice'), 'images', 3, 3, 60) $$,
  $$ values (true) $$,
  'and each action its own'
);
select results_eq(
  $$ select allowed, retry_after_seconds from public.consume_rate_limit(tests.get_supabase_uid('bob'), 'images', 4, 3, 60) $$,
  $$ values (false, null::integer) $$,
  'a cost above the limit is never admitted (no Retry-After)'
);
select tests.clear_authentication();
select results_eq(
  $$ select count(*)::int, sum(cost)::int from private.rate_limit_events where user_id = tests.get_supabase_uid('alice') and action = 'ai_text' $$,
  $$ values (2, 3) $$,
  'refused requests were not recorded'
);

-- The window slides: old events leave it and are deleted.
delete from private.rate_limit_events;
insert into private.rate_limit_events (user_id, action, occurred_at, cost) values
  (tests.get_supabase_uid('alice'), 'connect', clock_timestamp() - interval '500 seconds', 1),
  (tests.get_supabase_uid('alice'), 'connect', clock_timestamp() - interval '100 seconds', 1),
  (tests.get_supabase_uid('alice'), 'connect', clock_timestamp() - interval '50 seconds', 1);
select tests.authenticate_as_service_role();
select ok(
  (select not allowed and retry_after_seconds between 19 and 21
   from public.consume_rate_limit(tests.get_supabase_uid('alice'), 'connect', 1, 2, 120)),
  'with 2 of 2 used in the last 120 s, the wait is until the older one (100 s ago) leaves: about 20 s'
);
select ok(
  (select not allowed and retry_after_seconds between 69 and 71
   from public.consume_rate_limit(tests.get_supabase_uid('alice'), 'connect', 2, 2, 120)),
  'a request costing 2 waits until both have left: about 70 s'
);
select results_eq(
  $$ select allowed from public.consume_rate_limit(tests.get_supabase_uid('alice'), 'connect', 1, 3, 120) $$,
  $$ values (true) $$,
  'the event from 500 s ago no longer counts'
);
select tests.clear_authentication();
select is(
  (select count(*)::int from private.rate_limit_events where occurred_at < clock_timestamp() - interval '120 seconds'),
  0,
  'events older than the window are deleted as the user is counted'
);

-- Bad arguments are refused, never counted as "no limit".
select tests.authenticate_as_service_role();
select throws_ok(
  $$ select * from public.consume_rate_limit(tests.get_supabase_uid('alice'), 'ai_text', 0, 3, 60) $$,
  '22023', null, 'a cost below 1 is an error'
);
select throws_ok(
  $$ select * from public.consume_rate_limit(null, 'ai_text', 1, 3, 60) $$,
  '22023', null, 'a missing user is an error'
);
select tests.clear_authentication();

-- Deleting the user deletes their events.
delete from auth.users where id = tests.get_supabase_uid('bob');
select is_empty($$ select 1 from private.rate_limit_events where action = 'ai_text' and user_id not in (select id from auth.users) $$,
  'a deleted user''s events go with them');

select * from finish();
rollback;
