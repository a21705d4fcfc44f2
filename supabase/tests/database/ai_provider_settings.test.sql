-- ai_provider_settings: the owner reads their row and picks models; provider
-- and base URL change only through save_ai_provider(), which removes the
-- stored text-generation key (and the model choices and cache) when the
-- service changes. Other users and anon get nothing.
begin;
\ir _helpers.psql
select plan(34);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

-- Grants
select table_privs_are('public', 'ai_provider_settings', 'authenticated', array['SELECT'], 'authenticated: table-wide SELECT only');
select table_privs_are('public', 'ai_provider_settings', 'anon', array[]::text[], 'anon: no privilege on ai_provider_settings');
select ok(
  has_column_privilege('authenticated', 'public.ai_provider_settings', 'keywords_model', 'update')
    and not has_column_privilege('authenticated', 'public.ai_provider_settings', 'provider', 'update')
    and not has_column_privilege('authenticated', 'public.ai_provider_settings', 'provider', 'insert')
    and not has_column_privilege('authenticated', 'public.ai_provider_settings', 'base_url', 'update')
    and not has_column_privilege('authenticated', 'public.ai_provider_settings', 'base_url', 'insert')
    and not has_column_privilege('authenticated', 'public.ai_provider_settings', 'models', 'update')
    and not has_column_privilege('authenticated', 'public.ai_provider_settings', 'user_id', 'update'),
  'authenticated picks models; provider, base URL, the model cache and user_id are not theirs to write'
);
select policies_are(
  'public', 'ai_provider_settings',
  array['Users can view their own AI provider settings', 'Users can create their own AI provider settings',
        'Users can update their own AI provider settings'],
  'one policy per operation the owner may do'
);

-- The owner picks models (a row of their own, OpenAI by default)
select tests.authenticate_as('alice');
select results_eq(
  $$ insert into public.ai_provider_settings (user_id, keywords_model) values (tests.get_supabase_uid('alice'), 'gpt-6-luna')
     returning provider, base_url, keywords_model, seo_model $$,
  $$ values ('openai', null::text, 'gpt-6-luna', null::text) $$,
  'alice creates her row with a keyword model: OpenAI, the other operations on the provider default'
);
select lives_ok($$ update public.ai_provider_settings set seo_model = 'gpt-6.1-terra' $$, 'alice picks an SEO model');
select throws_ok(
  $$ update public.ai_provider_settings set drafting_model = 'gpt 6; drop table' $$,
  '23514', null, 'a model is a name'
);
select throws_ok(
  $$ update public.ai_provider_settings set provider = 'custom', base_url = 'http://169.254.169.254/v1' $$,
  '42501', 'permission denied for table ai_provider_settings', 'alice cannot change the provider without save_ai_provider()'
);
select throws_ok(
  $$ update public.ai_provider_settings set models = '[]' $$,
  '42501', 'permission denied for table ai_provider_settings', 'alice cannot write the model cache'
);
select throws_ok(
  $$ insert into public.ai_provider_settings (user_id) values (tests.get_supabase_uid('bob')) $$,
  '42501', 'new row violates row-level security policy for table "ai_provider_settings"',
  'alice cannot create bob''s row'
);
select throws_ok(
  $$ delete from public.ai_provider_settings $$,
  '42501', 'permission denied for table ai_provider_settings', 'nobody deletes the row (it goes with the user)'
);

-- Changing the provider removes the key, the model choices and the cache
update public.profiles set link_relevance = 'embeddings', embeddings_model = 'text-embedding-3-large';
select tests.clear_authentication();
-- Keys as the save-api-keys function stores them: sealed, with their last four characters.
insert into public.api_keys (user_id, openai_key, openai_key_last4, falai_key, falai_key_last4)
  values (tests.get_supabase_uid('alice'), tests.sealed('sk-alice'), 'OPEN', tests.sealed('fal-alice'), 'FAL1');
update public.ai_provider_settings set models = '[{"id": "gpt-6-luna"}]', models_fetched_at = now()
  where user_id = tests.get_supabase_uid('alice');
select tests.authenticate_as('alice');
select is(public.save_ai_provider('openai'), false, 'saving the same provider keeps the key');
select results_eq(
  $$ select openai_key_last4, falai_key_last4 from public.api_key_status() $$,
  $$ values ('OPEN', 'FAL1') $$,
  'the key is still stored'
);
select results_eq(
  $$ select keywords_model, models is not null from public.ai_provider_settings $$,
  $$ values ('gpt-6-luna', true) $$,
  'and so are the model choices and the cache'
);
select is(public.save_ai_provider('openrouter'), true, 'switching to OpenRouter says the key was removed');
select results_eq(
  $$ select openai_key_last4, falai_key_last4 from public.api_key_status() $$,
  $$ values (null::text, 'FAL1') $$,
  'the OpenAI key is gone; the fal.ai key stays'
);
select results_eq(
  $$ select provider, base_url, drafting_model, keywords_model, seo_model, models, models_fetched_at from public.ai_provider_settings $$,
  $$ values ('openrouter', null::text, null::text, null::text, null::text, null::jsonb, null::timestamptz) $$,
  'the model choices and the cached list are cleared'
);
select results_eq(
  $$ select link_relevance, embeddings_model from public.profiles $$,
  $$ values ('embeddings', null::text) $$,
  'the embeddings model follows the provider default again; the relevance choice stays'
);
select is(public.save_ai_provider('openrouter'), false, 'switching again without a key removes nothing');

select is(
  public.save_ai_provider('custom', '  http://127.0.0.1:11434/v1/  '),
  false,
  'alice chooses her own server'
);
select results_eq(
  $$ select provider, base_url from public.ai_provider_settings $$,
  $$ values ('custom', 'http://127.0.0.1:11434/v1') $$,
  'the base URL is stored trimmed, without a trailing slash'
);
select tests.clear_authentication();
update public.api_keys set openai_key = tests.sealed('lm-studio'), openai_key_last4 = 'LMS1'
  where user_id = tests.get_supabase_uid('alice');
select tests.authenticate_as('alice');
select is(public.save_ai_provider('custom', 'http://127.0.0.1:1234/v1'), true, 'another base URL removes the key');
select throws_ok(
  $$ select public.save_ai_provider('custom') $$,
  '23514', null, 'a custom provider needs a base URL'
);
select throws_ok(
  $$ select public.save_ai_provider('openai', 'https://evil.example/v1') $$,
  '23514', null, 'OpenAI and OpenRouter take no base URL (the deployment configures theirs)'
);
select throws_ok(
  $$ select public.save_ai_provider('custom', 'http://user:secret@example.com/v1') $$,
  '23514', null, 'a base URL carries no credentials'
);
select throws_ok(
  $$ select public.save_ai_provider('custom', 'file:///etc/passwd') $$,
  '23514', null, 'a base URL is http or https'
);
select throws_ok(
  $$ select public.save_ai_provider('anthropic') $$,
  '23514', null, 'the provider is one of openai, openrouter, custom'
);

-- Other users
select tests.authenticate_as('bob');
select is_empty($$ select * from public.ai_provider_settings $$, 'bob sees no row of alice');
select lives_ok($$ update public.ai_provider_settings set seo_model = 'planted' $$, 'bob''s update runs…');
select is(public.save_ai_provider('openrouter'), false, 'bob chooses OpenRouter for himself');
select tests.clear_authentication();
select results_eq(
  $$ select split_part(u.email, '@', 1), s.provider, s.seo_model
     from public.ai_provider_settings s join auth.users u on u.id = s.user_id order by 1 $$,
  $$ values ('alice', 'custom', null::text), ('bob', 'openrouter', null::text) $$,
  '…but touched only his own row'
);

-- anon, and authenticated without a user
select tests.authenticate_as_anon();
select throws_ok(
  $$ select * from public.ai_provider_settings $$,
  '42501', 'permission denied for table ai_provider_settings', 'anon cannot read ai_provider_settings'
);
select throws_ok(
  $$ select public.save_ai_provider('openrouter') $$,
  '42501', 'permission denied for function save_ai_provider', 'anon cannot execute save_ai_provider()'
);
select tests.clear_authentication();
set local role authenticated;
select throws_ok(
  $$ select public.save_ai_provider('openrouter') $$,
  '28000', 'User not authenticated', 'save_ai_provider() refuses a request without a user id'
);

select * from finish();
rollback;
