-- The articles list: list_articles() and count_articles() (keyset pages,
-- sorts, status filter, full-text search with prefixes) run as the caller, so
-- RLS applies: the owner gets their own articles, another user never sees
-- them, anon cannot call them. Also the search column and the keyset indexes.
begin;
\ir _helpers.psql
select plan(50);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

-- Alice: 25 articles, a1..a25, one minute apart; a12 and a13 share a created_at
-- (the id breaks the tie). Titles run backwards, so title order is the reverse.
select tests.clear_authentication();
insert into public.articles (id, user_id, title, excerpt, content, status, scheduled_for, created_at, updated_at)
select ('a0000000-0000-4000-8000-0000000000' || lpad(n::text, 2, '0'))::uuid,
       tests.get_supabase_uid('alice'),
       'Title ' || lpad((100 - n)::text, 3, '0'),
       case when n = 7 then 'Raised gardens for beginners' else 'An excerpt' end,
       case when n in (3, 20) then '<p>Turn the <strong>compost</strong> heap weekly.</p>' else '<p>Plain words.</p>' end,
       case when n % 3 = 0 then 'scheduled' when n % 2 = 0 then 'published' else 'draft' end,
       case when n % 3 = 0 then '2030-01-01 00:00:00+00'::timestamptz end,
       '2026-01-01 00:00:00+00'::timestamptz + make_interval(mins => case when n = 13 then 12 else n end),
       '2026-06-01 00:00:00+00'::timestamptz - make_interval(mins => n)
from generate_series(1, 25) as n;
insert into public.articles (id, user_id, title, content, status, scheduled_for, created_at) values
  ('b0000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Bob on compost',
   '<p>compost ~' || tests.get_supabase_uid('alice') || '</p>', 'draft', null, '2026-01-01 00:30:00+00'),
  ('b0000000-0000-4000-8000-000000000002', tests.get_supabase_uid('bob'), 'Bob gardens', '<p>gardens</p>', 'scheduled', '2030-01-01',
   '2026-01-01 00:31:00+00');

-- The functions: list and count with invoker rights (RLS applies); the search
-- helper with definer rights, scoping rows itself; all with a pinned
-- search_path, callable by signed-in users only.
select ok(
  not exists (select from pg_proc where proname in ('list_articles', 'count_articles', 'article_search_query')
              and pronamespace = 'public'::regnamespace and prosecdef),
  'the list functions run with the caller''s rights (security invoker)'
);
select ok(
  (select prosecdef from pg_proc where proname = 'matching_article_ids' and pronamespace = 'public'::regnamespace),
  'matching_article_ids runs with definer rights (no RLS condition competing with the GIN index)'
);
select ok(
  (select bool_and(exists (select from unnest(proconfig) c where c = 'search_path=""'))
   from pg_proc where proname in ('list_articles', 'count_articles', 'article_search_query', 'matching_article_ids')
     and pronamespace = 'public'::regnamespace),
  'the list functions pin an empty search_path'
);
select ok(
  has_function_privilege('authenticated', 'public.list_articles(text, text, text, text, uuid, boolean, integer)', 'execute')
    and has_function_privilege('authenticated', 'public.count_articles(text, text)', 'execute'),
  'authenticated can call list_articles and count_articles'
);

-- The first page and the next ones, newest first.
select tests.authenticate_as('alice');
select results_eq(
  $$ select id from public.list_articles(page_size => 4) $$,
  $$ values ('a0000000-0000-4000-8000-000000000025'::uuid), ('a0000000-0000-4000-8000-000000000024'::uuid),
            ('a0000000-0000-4000-8000-000000000023'::uuid), ('a0000000-0000-4000-8000-000000000022'::uuid) $$,
  'newest first: the first page'
);
select results_eq(
  $$ select id from public.list_articles(cursor_key => '2026-01-01 00:14:00+00', cursor_id => 'a0000000-0000-4000-8000-000000000014',
                                         page_size => 4) $$,
  $$ values ('a0000000-0000-4000-8000-000000000013'::uuid), ('a0000000-0000-4000-8000-000000000012'::uuid),
            ('a0000000-0000-4000-8000-000000000011'::uuid), ('a0000000-0000-4000-8000-000000000010'::uuid) $$,
  'newest first: the page after a cursor, equal created_at ordered by id'
);
select results_eq(
  $$ select id from public.list_articles(cursor_key => '2026-01-01 00:12:00+00', cursor_id => 'a0000000-0000-4000-8000-000000000013',
                                         page_size => 2) $$,
  $$ values ('a0000000-0000-4000-8000-000000000012'::uuid), ('a0000000-0000-4000-8000-000000000011'::uuid) $$,
  'a cursor between two rows with the same created_at continues with the other one'
);
select results_eq(
  $$ select id from public.list_articles(cursor_key => '2026-01-01 00:10:00+00', cursor_id => 'a0000000-0000-4000-8000-000000000010',
                                         before_cursor => true, page_size => 3) $$,
  $$ values ('a0000000-0000-4000-8000-000000000013'::uuid), ('a0000000-0000-4000-8000-000000000012'::uuid),
            ('a0000000-0000-4000-8000-000000000011'::uuid) $$,
  'newest first: the page before a cursor, in display order'
);
select results_eq(
  $$ select id from public.list_articles(cursor_key => '2026-01-01 00:02:00+00', cursor_id => 'a0000000-0000-4000-8000-000000000002',
                                         page_size => 5) $$,
  $$ values ('a0000000-0000-4000-8000-000000000001'::uuid) $$,
  'the last page holds what is left'
);
select is(
  (select sort_key from public.list_articles(page_size => 1)),
  (select created_at::text from public.articles where id = 'a0000000-0000-4000-8000-000000000025'),
  'sort_key is the row''s key as text, which a cursor passes back exactly'
);
select results_eq(
  $$ select id from public.list_articles(cursor_key => (select sort_key from public.list_articles(page_size => 1)),
                                         cursor_id => 'a0000000-0000-4000-8000-000000000025', page_size => 1) $$,
  $$ values ('a0000000-0000-4000-8000-000000000024'::uuid) $$,
  'a sort_key read back as a cursor continues right after its row'
);

-- The other sorts.
select results_eq(
  $$ select id from public.list_articles(sort => 'oldest', page_size => 3) $$,
  $$ values ('a0000000-0000-4000-8000-000000000001'::uuid), ('a0000000-0000-4000-8000-000000000002'::uuid),
            ('a0000000-0000-4000-8000-000000000003'::uuid) $$,
  'oldest first'
);
select results_eq(
  $$ select id from public.list_articles(sort => 'oldest', cursor_key => '2026-01-01 00:11:00+00',
                                         cursor_id => 'a0000000-0000-4000-8000-000000000011', page_size => 3) $$,
  $$ values ('a0000000-0000-4000-8000-000000000012'::uuid), ('a0000000-0000-4000-8000-000000000013'::uuid),
            ('a0000000-0000-4000-8000-000000000014'::uuid) $$,
  'oldest first, after a cursor'
);
select results_eq(
  $$ select id from public.list_articles(sort => 'updated', page_size => 2) $$,
  $$ values ('a0000000-0000-4000-8000-000000000001'::uuid), ('a0000000-0000-4000-8000-000000000002'::uuid) $$,
  'recently updated first'
);
select results_eq(
  $$ select title from public.list_articles(sort => 'title', page_size => 3) $$,
  $$ values ('Title 075'), ('Title 076'), ('Title 077') $$,
  'by title'
);
select results_eq(
  $$ select title from public.list_articles(sort => 'title', cursor_key => 'Title 077',
                                            cursor_id => 'a0000000-0000-4000-8000-000000000023', page_size => 2) $$,
  $$ values ('Title 078'), ('Title 079') $$,
  'by title, after a cursor'
);
select results_eq(
  $$ select title from public.list_articles(sort => 'title', cursor_key => 'Title 077',
                                            cursor_id => 'a0000000-0000-4000-8000-000000000023', before_cursor => true, page_size => 5) $$,
  $$ values ('Title 075'), ('Title 076') $$,
  'by title, before a cursor'
);

-- Status filter, search, and both with a sort.
select is(
  (select array_agg(distinct status) from public.list_articles(status_filter => 'scheduled', page_size => 100)),
  array['scheduled'],
  'the status filter keeps one status (scheduled included)'
);
select results_eq(
  $$ select id from public.list_articles(search => 'compost') $$,
  $$ values ('a0000000-0000-4000-8000-000000000020'::uuid), ('a0000000-0000-4000-8000-000000000003'::uuid) $$,
  'search matches words in the content (HTML tags aside), only the caller''s articles'
);
select results_eq(
  $$ select id from public.list_articles(search => 'COMPO') $$,
  $$ values ('a0000000-0000-4000-8000-000000000020'::uuid), ('a0000000-0000-4000-8000-000000000003'::uuid) $$,
  'a partial word matches by prefix, whatever its case'
);
select results_eq(
  $$ select id from public.list_articles(search => 'gardening') $$,
  $$ values ('a0000000-0000-4000-8000-000000000007'::uuid) $$,
  'search matches the excerpt, by word stem (gardening finds gardens)'
);
select results_eq(
  $$ select id from public.list_articles(search => 'title 077') $$,
  $$ values ('a0000000-0000-4000-8000-000000000023'::uuid) $$,
  'search matches the title; every word must match'
);
select results_eq(
  $$ select id from public.list_articles(status_filter => 'published', search => 'compost heap', sort => 'title') $$,
  $$ values ('a0000000-0000-4000-8000-000000000020'::uuid) $$,
  'status filter, search and sort combine'
);
select is_empty($$ select 1 from public.list_articles(search => 'zucchini') $$, 'a search with no match is empty');
select is(
  (select count(*)::int from public.list_articles(search => ' !&|:*() ', page_size => 100)), 25,
  'a search of punctuation alone (no word) is no search, and no syntax error'
);

-- Counts.
select is(public.count_articles(), 25::bigint, 'count_articles counts the caller''s articles');
select is(public.count_articles('scheduled'), 8::bigint, 'count_articles counts one status');
select is(public.count_articles(null, 'compost'), 2::bigint, 'count_articles counts search matches');
select is(public.count_articles('scheduled', 'compost'), 1::bigint, 'count_articles counts status and search together');

-- Validation.
select throws_ok($$ select * from public.list_articles(page_size => 0) $$, '22023', 'page_size must be between 1 and 100', 'page_size at least 1');
select throws_ok($$ select * from public.list_articles(page_size => 101) $$, '22023', 'page_size must be between 1 and 100', 'page_size at most 100: never an unbounded page');
select throws_ok($$ select * from public.list_articles(sort => 'random') $$, '22023', 'sort must be newest, oldest, updated or title', 'unknown sort refused');
select throws_ok($$ select * from public.list_articles(status_filter => 'archived') $$, '22023', 'status_filter must be draft, scheduled or published', 'unknown status refused');
select throws_ok($$ select public.count_articles('archived') $$, '22023', 'status_filter must be draft, scheduled or published', 'count: unknown status refused');
select throws_ok($$ select * from public.list_articles(cursor_key => 'x') $$, '22023', 'cursor_key and cursor_id must be given together', 'half a cursor refused');

-- Another user sees only their own.
select tests.authenticate_as('bob');
select results_eq(
  $$ select id from public.list_articles(page_size => 100) $$,
  $$ values ('b0000000-0000-4000-8000-000000000002'::uuid), ('b0000000-0000-4000-8000-000000000001'::uuid) $$,
  'bob lists only his own articles'
);
select results_eq(
  $$ select id from public.list_articles(search => 'compost') $$,
  $$ values ('b0000000-0000-4000-8000-000000000001'::uuid) $$,
  'bob''s search never finds alice''s articles'
);
select is_empty(
  $$ select 1 from public.list_articles(cursor_key => '2026-01-01 00:14:00+00', cursor_id => 'a0000000-0000-4000-8000-000000000014',
                                        sort => 'oldest', page_size => 100)
     where id::text like 'a%' $$,
  'a cursor taken from alice''s list shows bob nothing of hers'
);
select is(public.count_articles(), 2::bigint, 'bob counts only his own articles');

-- matching_article_ids() returns only the caller's ids, though it reads without RLS.
select results_eq(
  $$ select public.matching_article_ids('compost') $$,
  $$ values ('b0000000-0000-4000-8000-000000000001'::uuid) $$,
  'matching_article_ids gives bob his own match only'
);
select tests.authenticate_as('alice');
select set_eq(
  $$ select public.matching_article_ids('compost') $$,
  $$ values ('a0000000-0000-4000-8000-000000000003'::uuid), ('a0000000-0000-4000-8000-000000000020'::uuid) $$,
  'matching_article_ids gives alice her own matches, not bob''s article that quotes her owner lexeme'
);
select tests.authenticate_as_service_role();
select is_empty($$ select public.matching_article_ids('compost') $$, 'matching_article_ids gives nothing without a signed-in user');

-- anon cannot call them at all.
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.list_articles() $$, '42501', 'permission denied for function list_articles', 'anon cannot list articles');
select throws_ok($$ select public.count_articles() $$, '42501', 'permission denied for function count_articles', 'anon cannot count articles');
select throws_ok(
  $$ select public.matching_article_ids('compost') $$, '42501', 'permission denied for function matching_article_ids',
  'anon cannot search'
);

-- The search column is generated from title, excerpt, content and the owner; nobody writes it.
select tests.authenticate_as('alice');
select throws_ok(
  $$ insert into public.articles (user_id, title, search_vector) values (tests.get_supabase_uid('alice'), 'Forged', 'forged'::tsvector) $$,
  '428C9', null, 'alice cannot write search_vector'
);
select tests.clear_authentication();
select ok(
  (select search_vector @@ 'compost'::tsquery and search_vector @@ 'heap'::tsquery and not search_vector @@ 'strong'::tsquery
   from public.articles where id = 'a0000000-0000-4000-8000-000000000003'),
  'search_vector holds the content''s words without its HTML tags'
);
select ok(
  (select search_vector @@ ('''~' || tests.get_supabase_uid('alice') || '''')::tsquery
   from public.articles where id = 'a0000000-0000-4000-8000-000000000003'),
  'search_vector holds the owner lexeme'
);

-- The indexes behind the sorts and the search.
select ok(
  exists (select from pg_indexes where schemaname = 'public' and tablename = 'articles'
          and indexdef like '% USING btree (user_id, updated_at, id)')
    and exists (select from pg_indexes where schemaname = 'public' and tablename = 'articles'
          and indexdef like '% USING btree (user_id, title, id)'),
  'articles has keyset indexes for recently updated and by title'
);
select ok(
  exists (select from pg_indexes where schemaname = 'public' and tablename = 'articles'
          and indexdef like '% USING gin (search_vector)'),
  'articles has a GIN index on search_vector'
);

select * from finish();
rollback;
