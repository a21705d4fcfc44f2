-- Languages and generation settings (migrations 20261214000100 and 0200): a
-- site's and an assistant's locale is one of the offered tags or null; an
-- assistant's generation defaults stay within the contract's choices; the
-- owner writes them, row-level security unchanged (another user's rows are
-- out of reach, anon has nothing).
begin;
\ir _helpers.psql
select plan(16);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.assistants (id, user_id, name) values
  ('a3100000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s writer'),
  ('b3100000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Bob''s writer');
insert into public.wordpress_sites (id, user_id, name, site_url, username, base_url) values
  ('a3200000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Blog', 'https://alice.example', 'alice', 'https://alice.example');

-- The domain
select is(
  (select count(*)::int from unnest(array['en', 'es', 'de', 'fr', 'pt-BR', 'zh-CN', 'ja', 'uk', 'el', 'ar']) tag
   where tag::public.locale_tag is not null), 10,
  'offered tags are locale_tag values'
);
select throws_ok($$ select 'xx'::public.locale_tag $$, '23514', null, 'an unknown tag is refused');
select throws_ok($$ select 'ES'::public.locale_tag $$, '23514', null, 'tags are matched exactly (es, not ES)');

-- Assistants
select tests.authenticate_as('alice');
select results_eq(
  $$ insert into public.assistants (user_id, name, locale, word_target, tone, point_of_view, include_elements)
     values (tests.get_supabase_uid('alice'), 'Madrid', 'es', 1200, 'friendly', 'second-person', array['faq', 'table'])
     returning locale::text, word_target, tone, point_of_view, include_elements $$,
  $$ values ('es', 1200, 'friendly', 'second-person', array['faq', 'table']) $$,
  'alice creates an assistant with a language and generation defaults'
);
select results_eq(
  $$ update public.assistants set locale = 'de', tone = null where id = 'a3100000-0000-4000-8000-000000000001'
     returning locale::text, tone $$,
  $$ values ('de', null::text) $$,
  'alice changes her assistant''s language and clears its tone'
);
select throws_ok(
  $$ update public.assistants set locale = 'klingon' where id = 'a3100000-0000-4000-8000-000000000001' $$,
  '23514', null, 'an assistant''s unknown language is refused'
);
select throws_ok(
  $$ update public.assistants set word_target = 100 where id = 'a3100000-0000-4000-8000-000000000001' $$,
  '23514', null, 'a word target under 300 is refused'
);
select throws_ok(
  $$ update public.assistants set tone = 'sarcastic' where id = 'a3100000-0000-4000-8000-000000000001' $$,
  '23514', null, 'an unknown tone is refused'
);
select throws_ok(
  $$ update public.assistants set point_of_view = 'fourth' where id = 'a3100000-0000-4000-8000-000000000001' $$,
  '23514', null, 'an unknown point of view is refused'
);
select throws_ok(
  $$ update public.assistants set include_elements = array['faq', 'poem'] where id = 'a3100000-0000-4000-8000-000000000001' $$,
  '23514', null, 'an unknown element is refused'
);
select is_empty(
  $$ update public.assistants set locale = 'fr' where id = 'b3100000-0000-4000-8000-000000000001' returning 1 $$,
  'alice''s update of bob''s assistant''s language touches no row'
);

-- Sites
select results_eq(
  $$ update public.wordpress_sites set locale = 'pt-BR' where id = 'a3200000-0000-4000-8000-000000000001' returning locale::text $$,
  $$ values ('pt-BR') $$,
  'alice sets her site''s language'
);
select throws_ok(
  $$ update public.wordpress_sites set locale = 'pt' where id = 'a3200000-0000-4000-8000-000000000001' $$,
  '23514', null, 'a site''s unknown language is refused'
);
select tests.authenticate_as('bob');
select is_empty(
  $$ update public.wordpress_sites set locale = 'es' where id = 'a3200000-0000-4000-8000-000000000001' returning 1 $$,
  'bob''s update of alice''s site''s language touches no row'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ update public.assistants set locale = 'es' $$,
  '42501', 'permission denied for table assistants', 'anon cannot set an assistant''s language'
);
select tests.clear_authentication();
select results_eq(
  $$ select locale::text from public.assistants where id = 'b3100000-0000-4000-8000-000000000001' $$,
  $$ values (null::text) $$,
  'bob''s assistant keeps no language'
);

select * from finish();
rollback;
