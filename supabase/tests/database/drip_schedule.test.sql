-- The drip rule (migration 20261128000600): the times of a rule in the user's
-- time zone, across DST changes both ways, spread over days and weeks and
-- over the time window, never in the past; applied by the owner to their own
-- approved drafts and their own sites only.
begin;
\ir _helpers.psql
select plan(24);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

-- Times: a daily slot at 09:00 in Berlin, which springs forward on 29 March 2026.
select results_eq(
  $$ select slot, scheduled_for from public.drip_schedule_times(5, '2026-03-27', 1, 'day', '09:00', '10:00',
       'Europe/Berlin', '2026-01-01T00:00:00Z') $$,
  $$ values (0, '2026-03-27T08:00:00Z'::timestamptz), (1, '2026-03-28T08:00:00Z'), (2, '2026-03-29T07:00:00Z'),
            (3, '2026-03-30T07:00:00Z'), (4, '2026-03-31T07:00:00Z') $$,
  '09:00 stays 09:00 in Berlin across the spring-forward: 08:00Z, then 07:00Z'
);
select results_eq(
  $$ select scheduled_for from public.drip_schedule_times(3, '2026-10-31', 1, 'day', '09:00', '10:00',
       'America/New_York', '2026-01-01T00:00:00Z') $$,
  $$ values ('2026-10-31T13:00:00Z'::timestamptz), ('2026-11-01T14:00:00Z'), ('2026-11-02T14:00:00Z') $$,
  'and in New York across the fall-back: 13:00Z, then 14:00Z'
);
select results_eq(
  $$ select scheduled_for from public.drip_schedule_times(6, '2026-03-28', 3, 'day', '09:00', '18:00',
       'Europe/Berlin', '2026-01-01T00:00:00Z') $$,
  $$ values ('2026-03-28T08:00:00Z'::timestamptz), ('2026-03-28T11:00:00Z'), ('2026-03-28T14:00:00Z'),
            ('2026-03-29T07:00:00Z'), ('2026-03-29T10:00:00Z'), ('2026-03-29T13:00:00Z') $$,
  'three a day spread over 09:00–18:00 local: 09:00, 12:00, 15:00 on both sides of the change'
);
select results_eq(
  $$ select scheduled_for from public.drip_schedule_times(5, '2026-06-01', 5, 'day', '12:00', '12:05', 'UTC',
       '2026-01-01T00:00:00Z') $$,
  $$ values ('2026-06-01T12:00:00Z'::timestamptz), ('2026-06-01T12:01:00Z'), ('2026-06-01T12:02:00Z'),
            ('2026-06-01T12:03:00Z'), ('2026-06-01T12:04:00Z') $$,
  'five a day in a five-minute window: one a minute'
);
select results_eq(
  $$ select scheduled_for from public.drip_schedule_times(6, '2026-10-19', 3, 'week', '10:00', '16:00',
       'Europe/Berlin', '2026-01-01T00:00:00Z') $$,
  $$ values ('2026-10-19T08:00:00Z'::timestamptz), ('2026-10-21T08:00:00Z'), ('2026-10-23T08:00:00Z'),
            ('2026-10-26T09:00:00Z'), ('2026-10-28T09:00:00Z'), ('2026-10-30T09:00:00Z') $$,
  'three a week: days 0, 2 and 4 of each week at the window''s start, across the fall-back'
);
select results_eq(
  $$ select scheduled_for from public.drip_schedule_times(10, '2026-06-01', 10, 'week', '09:00', '17:00', 'UTC',
       '2026-01-01T00:00:00Z') $$,
  $$ values ('2026-06-01T09:00:00Z'::timestamptz), ('2026-06-01T13:00:00Z'), ('2026-06-02T09:00:00Z'),
            ('2026-06-03T09:00:00Z'), ('2026-06-03T13:00:00Z'), ('2026-06-04T09:00:00Z'),
            ('2026-06-05T09:00:00Z'), ('2026-06-05T13:00:00Z'), ('2026-06-06T09:00:00Z'), ('2026-06-07T09:00:00Z') $$,
  'ten a week: every day, two on three of them, spread over the window'
);
select results_eq(
  $$ select scheduled_for from public.drip_schedule_times(2, '2026-03-29', 2, 'day', '02:00', '03:00',
       'Europe/Berlin', '2026-01-01T00:00:00Z') $$,
  $$ values ('2026-03-29T01:00:00Z'::timestamptz), ('2026-03-29T01:30:00Z') $$,
  'a time skipped by the spring-forward (02:00–03:00) is read as standard time: 03:00 and 03:30 on the clock'
);
select results_eq(
  $$ select scheduled_for from public.drip_schedule_times(1, '2026-10-25', 1, 'day', '02:30', '03:00',
       'Europe/Berlin', '2026-01-01T00:00:00Z') $$,
  $$ values ('2026-10-25T01:30:00Z'::timestamptz) $$,
  'a time the fall-back repeats is the later (standard-time) instant'
);
select results_eq(
  $$ select scheduled_for from public.drip_schedule_times(2, '2026-03-01', 1, 'day', '09:00', '10:00', 'UTC',
       '2026-03-10T09:30:00Z') $$,
  $$ values ('2026-03-11T09:00:00Z'::timestamptz), ('2026-03-12T09:00:00Z') $$,
  'slots before now are skipped: a rule that started in the past continues from the next slot'
);
select throws_ok(
  $$ select * from public.drip_schedule_times(1, '2026-03-01', 1, 'day', '10:00', '09:00', 'UTC') $$,
  '22023', 'The time window must end after it starts (a window past midnight is not supported)',
  'the window ends after it starts'
);
select throws_ok(
  $$ select * from public.drip_schedule_times(1, '2026-03-01', 1, 'day', '09:00', '10:00', 'Mars/Olympus') $$,
  '22023', 'Unknown time zone: Mars/Olympus', 'the time zone must exist'
);
select throws_ok(
  $$ select * from public.drip_schedule_times(1, '2026-03-01', 1, 'month', '09:00', '10:00', 'UTC') $$,
  '22023', 'The period must be day or week', 'per day or per week'
);
select throws_ok(
  $$ select * from public.drip_schedule_times(1, '2026-03-01', 0, 'day', '09:00', '10:00', 'UTC') $$,
  '22023', 'Publish between 1 and 100 articles per day', 'at least one a period'
);

-- apply_drip_schedule: the owner's approved drafts, the owner's sites.
select tests.clear_authentication();
insert into public.wordpress_sites (id, user_id, name, site_url, username, base_url) values
  ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s blog', 'https://alice.example', 'alice', 'https://alice.example/wp-json/'),
  ('b1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Bob''s blog', 'https://bob.example', 'bob', 'https://bob.example/wp-json/');
insert into public.draft_batches (id, user_id, name) values
  ('a5000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s ideas');
insert into public.articles (id, user_id, title, draft_batch_id, approval_required, approved_at, status) values
  ('a2000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'One', 'a5000000-0000-4000-8000-000000000001', true, now(), 'draft'),
  ('a2000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'Two', 'a5000000-0000-4000-8000-000000000001', true, null, 'draft'),
  ('a2000000-0000-4000-8000-000000000003', tests.get_supabase_uid('alice'), 'Three', null, false, null, 'draft'),
  ('a2000000-0000-4000-8000-000000000004', tests.get_supabase_uid('alice'), 'Live', null, false, null, 'published');

select ok(
  not has_function_privilege('anon', 'public.apply_drip_schedule(uuid[],date,integer,text,time,time,text,uuid[],text)', 'execute')
    and not has_function_privilege('anon', 'public.drip_schedule_times(integer,date,integer,text,time,time,text,timestamptz)', 'execute')
    and (select not prosecdef from pg_proc where oid = 'public.apply_drip_schedule(uuid[],date,integer,text,time,time,text,uuid[],text)'::regprocedure),
  'anon cannot use the drip rule; it runs as the caller (row-level security applies)'
);

select tests.authenticate_as('alice');
select throws_ok(
  $$ select * from public.apply_drip_schedule(array['a2000000-0000-4000-8000-000000000001', 'a2000000-0000-4000-8000-000000000002']::uuid[],
       '2031-03-29', 1, 'day', '09:00', '10:00', 'Europe/Berlin', array['a1000000-0000-4000-8000-000000000001']::uuid[]) $$,
  '22023', '1 of these drafts are waiting for approval: approve them first, or turn the review off for their batch',
  'an unapproved draft of a batch under review is refused, and nothing is scheduled'
);
select throws_ok(
  $$ select * from public.apply_drip_schedule(array['a2000000-0000-4000-8000-000000000001']::uuid[],
       '2031-03-29', 1, 'day', '09:00', '10:00', 'Europe/Berlin', array['b1000000-0000-4000-8000-000000000001']::uuid[]) $$,
  '22023', 'Site not found', 'another user''s site is refused'
);
select throws_ok(
  $$ select * from public.apply_drip_schedule(array['a2000000-0000-4000-8000-000000000004']::uuid[],
       '2031-03-29', 1, 'day', '09:00', '10:00', 'Europe/Berlin', array['a1000000-0000-4000-8000-000000000001']::uuid[]) $$,
  '22023', '1 of these articles cannot be scheduled (not found, or already published)', 'a published article is refused'
);
select throws_ok(
  $$ select * from public.apply_drip_schedule(array['a2000000-0000-4000-8000-000000000001', 'a2000000-0000-4000-8000-000000000001']::uuid[],
       '2031-03-29', 1, 'day', '09:00', '10:00', 'Europe/Berlin', array['a1000000-0000-4000-8000-000000000001']::uuid[]) $$,
  '22023', 'Each article may be scheduled only once', 'an article appears once'
);
select throws_ok(
  $$ select * from public.apply_drip_schedule(array['a2000000-0000-4000-8000-000000000001']::uuid[],
       '2031-03-29', 1, 'day', '09:00', '10:00', 'Europe/Berlin', array['a1000000-0000-4000-8000-000000000001']::uuid[], 'private') $$,
  '22023', 'The WordPress status must be publish or draft', 'publish or WordPress draft'
);

select tests.authenticate_as('bob');
select throws_ok(
  $$ select * from public.apply_drip_schedule(array['a2000000-0000-4000-8000-000000000003']::uuid[],
       '2031-03-29', 1, 'day', '09:00', '10:00', 'Europe/Berlin', array['b1000000-0000-4000-8000-000000000001']::uuid[]) $$,
  '22023', '1 of these articles cannot be scheduled (not found, or already published)',
  'bob cannot schedule alice''s article, even onto his own site'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ select * from public.apply_drip_schedule(array['a2000000-0000-4000-8000-000000000003']::uuid[],
       '2031-03-29', 1, 'day', '09:00', '10:00', 'Europe/Berlin', array['a1000000-0000-4000-8000-000000000001']::uuid[]) $$,
  '42501', 'permission denied for function apply_drip_schedule', 'anon cannot schedule'
);

select tests.authenticate_as('alice');
select results_eq(
  $$ select article_id, scheduled_for from public.apply_drip_schedule(
       array['a2000000-0000-4000-8000-000000000003', 'a2000000-0000-4000-8000-000000000001']::uuid[],
       '2031-03-29', 1, 'day', '09:00', '10:00', 'Europe/Berlin', array['a1000000-0000-4000-8000-000000000001']::uuid[], 'draft')
     order by scheduled_for $$,
  $$ values ('a2000000-0000-4000-8000-000000000003'::uuid, '2031-03-29T08:00:00Z'::timestamptz),
            ('a2000000-0000-4000-8000-000000000001'::uuid, '2031-03-30T07:00:00Z'::timestamptz) $$,
  'the articles get the rule''s times in the order given (Berlin springs forward on 30 March 2031)'
);
select results_eq(
  $$ select status, scheduled_site_ids, scheduled_post_status from public.articles
     where id in ('a2000000-0000-4000-8000-000000000003', 'a2000000-0000-4000-8000-000000000001') order by id $$,
  $$ values ('scheduled', array['a1000000-0000-4000-8000-000000000001']::uuid[], 'draft'),
            ('scheduled', array['a1000000-0000-4000-8000-000000000001']::uuid[], 'draft') $$,
  'scheduled to the chosen site, as WordPress drafts'
);
select tests.clear_authentication();
select is(
  (select status from public.articles where id = 'a2000000-0000-4000-8000-000000000002'), 'draft',
  'the unapproved draft was left alone'
);

select * from finish();
rollback;
