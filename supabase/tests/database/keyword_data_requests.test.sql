-- keyword_data_requests: the spend record and cache of keyword data. Only
-- service_role (the keyword-data function, after the provider answered)
-- writes; the owner reads their own; another user and anon nothing.
begin;
\ir _helpers.psql
select plan(18);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select table_privs_are('public', 'keyword_data_requests', 'authenticated', array['SELECT'], 'authenticated: SELECT only');
select table_privs_are('public', 'keyword_data_requests', 'anon', array[]::text[], 'anon: no privilege');

select tests.authenticate_as_service_role();
select lives_ok(
  $$ insert into public.keyword_data_requests (user_id, provider, topic, location_code, language_code, cost_usd, keywords)
     values (tests.get_supabase_uid('alice'), 'dataforseo', 'home gardening', 2840, 'en', 0.0115, '[{"keyword": "home gardening"}]') $$,
  'the function records a paid request'
);
select lives_ok(
  $$ insert into public.keyword_data_requests (user_id, provider, topic, location_code, language_code, cost_usd, keywords, refused_reason)
     values (tests.get_supabase_uid('alice'), 'dataforseo', 'bad topic', 2840, 'en', 0.01, '[]', 'Invalid Field: ''keyword''.') $$,
  'and a billed refusal'
);
select throws_ok(
  $$ insert into public.keyword_data_requests (user_id, provider, topic, location_code, language_code, cost_usd, keywords)
     values (tests.get_supabase_uid('alice'), 'dataforseo', 't', 2840, 'en', -1, '[]') $$,
  '23514', null, 'a cost is never negative'
);
select throws_ok(
  $$ insert into public.keyword_data_requests (user_id, provider, topic, location_code, language_code, cost_usd, keywords)
     values (tests.get_supabase_uid('alice'), 'dataforseo', 't', 2840, 'en', 0, '{}') $$,
  '23514', null, 'keywords are a list'
);

-- The owner
select tests.authenticate_as('alice');
select results_eq(
  $$ select topic, cost_usd from public.keyword_data_requests order by topic $$,
  $$ values ('bad topic', 0.01::numeric(12, 6)), ('home gardening', 0.0115::numeric(12, 6)) $$,
  'alice reads her requests and their cost'
);
select is(public.keyword_data_spend(now() - interval '30 days'), 0.0215::numeric, 'her spend of the last 30 days');
select is(public.keyword_data_spend(now() + interval '1 day'), 0::numeric, 'nothing spent after now');
select throws_ok(
  $$ insert into public.keyword_data_requests (user_id, provider, topic, location_code, language_code, cost_usd, keywords)
     values (tests.get_supabase_uid('alice'), 'dataforseo', 'fake', 2840, 'en', 0, '[]') $$,
  '42501', null, 'alice cannot plant a cached answer'
);
select throws_ok($$ update public.keyword_data_requests set cost_usd = 0 $$, '42501', null, 'nor change her spend');
select throws_ok($$ delete from public.keyword_data_requests $$, '42501', null, 'nor delete it');

-- Another user
select tests.authenticate_as('bob');
select is_empty($$ select 1 from public.keyword_data_requests $$, 'bob cannot see alice''s requests');
select is(public.keyword_data_spend(now() - interval '30 days'), 0::numeric, 'bob''s spend does not count alice''s');
select throws_ok($$ delete from public.keyword_data_requests $$, '42501', null, 'nor delete them');

-- anon
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.keyword_data_requests $$, '42501', null, 'anon cannot read requests');
select throws_ok($$ select public.keyword_data_spend(now()) $$, '42501', null, 'anon cannot ask for a spend');

-- A user's requests go with the user.
select tests.clear_authentication();
delete from auth.users where id = tests.get_supabase_uid('alice');
select is_empty($$ select 1 from public.keyword_data_requests $$, 'deleting the user deletes their requests');

select * from finish();
rollback;
