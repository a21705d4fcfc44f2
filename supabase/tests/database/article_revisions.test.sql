-- article_revisions and save_article(): every save through save_article()
-- keeps a revision in the same transaction (manual, ai, restore); owners
-- read their own revisions, nobody writes them through the API; the newest
-- 50 per article are kept; revisions go with their article.
begin;
\ir _helpers.psql
select plan(52);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

-- The columns save-article sends (article_store.ts).
create function tests.article_fields(title text, content text, extra jsonb default '{}')
returns jsonb
language sql
as $$
  select jsonb_build_object(
    'title', title, 'content', content, 'excerpt', 'Excerpt', 'status', 'draft',
    'meta_description', null, 'focus_keyword', 'keyword', 'slug', 'a-slug',
    'categories', '["News"]'::jsonb, 'tags', '["a", "b"]'::jsonb,
    'scheduled_for', null, 'scheduled_site_ids', '[]'::jsonb
  ) || extra
$$;
grant execute on function tests.article_fields(text, text, jsonb) to service_role;

-- The articles saved below, by label, and what became of their revisions.
create temporary table saved (label text primary key, article jsonb) on commit drop;
grant all on saved to service_role, authenticated, anon;
create function tests.article_id(label text) returns uuid language sql as $$
  select (article ->> 'id')::uuid from saved where saved.label = article_id.label
$$;
create function tests.sources(label text) returns text[] language sql security definer set search_path = '' as $$
  select coalesce(array_agg(r.source order by r.id), '{}') from public.article_revisions r
  where r.article_id = tests.article_id(label)
$$;
create function tests.kept(label text) returns table (kept int, oldest text, newest text)
language sql security definer set search_path = '' as $$
  select count(*)::int,
         (array_agg(r.title order by r.id))[1],
         (array_agg(r.title order by r.id desc))[1]
  from public.article_revisions r where r.article_id = tests.article_id(label)
$$;
grant execute on all functions in schema tests to service_role, authenticated, anon;

-- Grants
select table_privs_are('public', 'article_revisions', 'authenticated', array['SELECT'], 'authenticated: SELECT only');
select table_privs_are('public', 'article_revisions', 'anon', array[]::text[], 'anon: no privilege on article_revisions');
select ok(
  not has_function_privilege('authenticated', 'public.save_article(uuid, jsonb, uuid, bigint, jsonb, bigint)', 'execute')
    and not has_function_privilege('anon', 'public.save_article(uuid, jsonb, uuid, bigint, jsonb, bigint)', 'execute')
    and has_function_privilege('service_role', 'public.save_article(uuid, jsonb, uuid, bigint, jsonb, bigint)', 'execute'),
  'only service_role (save-article) may call save_article()'
);
select policies_are('public', 'article_revisions', array['Users can view the revisions of their own articles']);

-- Creating: the article and its first revision.
select tests.authenticate_as_service_role();
insert into saved values
  ('alice', public.save_article(tests.get_supabase_uid('alice'), tests.article_fields('First', '<p>One</p>'))),
  ('bob', public.save_article(tests.get_supabase_uid('bob'), tests.article_fields('Bob''s', '<p>Bob</p>')));

select results_eq(
  $$ select article ->> 'title', article ->> 'status', article -> 'tags', article ? 'created_at'
     from saved where label = 'alice' $$,
  $$ values ('First', 'draft', '["a", "b"]'::jsonb, true) $$,
  'save_article returns the saved row'
);
select results_eq(
  $$ select user_id, source, title, content, excerpt, focus_keyword, slug, categories, tags, restored_from
     from public.article_revisions where article_id = tests.article_id('alice') $$,
  $$ values (tests.get_supabase_uid('alice'), 'manual', 'First', '<p>One</p>', 'Excerpt', 'keyword', 'a-slug',
             '{News}'::text[], '{a,b}'::text[], null::bigint) $$,
  'a new article starts with a manual revision of its text'
);

-- Updating: a revision per save that changes the text or the state, none for a save that changes neither.
select ok(
  public.save_article(tests.get_supabase_uid('alice'), tests.article_fields('First', '<p>One</p>', '{"status": "published"}'),
                      tests.article_id('alice')) is not null,
  'a save that changes only the status succeeds'
);
select is(tests.sources('alice'), array['manual', 'manual'], '... and adds a revision: the status is part of it');
select ok(
  public.save_article(tests.get_supabase_uid('alice'), tests.article_fields('Second', '<p>Two</p>'),
                      tests.article_id('alice')) ->> 'title' = 'Second',
  'a save with new text succeeds'
);
select is(tests.sources('alice'), array['manual', 'manual', 'manual'], '... and adds a manual revision');
select is(
  public.save_article(tests.get_supabase_uid('bob'), tests.article_fields('Mallory', '<p>x</p>'), tests.article_id('alice')),
  null,
  'bob''s save of alice''s article finds nothing (null)'
);
select results_eq(
  $$ select a.title, (select count(*)::int from public.article_revisions r where r.article_id = a.id)
     from public.articles a where a.id = tests.article_id('alice') $$,
  $$ values ('Second', 3) $$,
  '... and writes neither the article nor a revision'
);

-- A refused save writes nothing: the article and its revision are one transaction.
select throws_ok(
  $$ select public.save_article(tests.get_supabase_uid('alice'), tests.article_fields('Third', repeat('c', 250001)),
                                tests.article_id('alice')) $$,
  '23514', null, 'content over the limit is refused'
);
select results_eq(
  $$ select a.content, tests.sources('alice') from public.articles a where a.id = tests.article_id('alice') $$,
  $$ values ('<p>Two</p>', array['manual', 'manual', 'manual']) $$,
  '... and neither the article nor its revisions changed'
);

-- AI drafts: recorded as 'ai' before the save that follows them.
select ok(
  public.save_article(
    tests.get_supabase_uid('alice'), tests.article_fields('Edited AI', '<p>AI, edited</p>'), tests.article_id('alice'),
    null, tests.article_fields('AI title', '<p>AI</p>') - 'status' - 'scheduled_for' - 'scheduled_site_ids'
  ) is not null,
  'a save following an AI draft succeeds'
);
select results_eq(
  $$ select source, title, content from public.article_revisions
     where article_id = tests.article_id('alice') order by id desc limit 2 $$,
  $$ values ('manual', 'Edited AI', '<p>AI, edited</p>'), ('ai', 'AI title', '<p>AI</p>') $$,
  '... records the draft as the model wrote it (ai), then the text saved (manual)'
);
insert into saved values ('unedited', public.save_article(
  tests.get_supabase_uid('alice'), tests.article_fields('As drafted', '<p>Draft</p>'), null,
  null, tests.article_fields('As drafted', '<p>Draft</p>')
));
select is(tests.sources('unedited'), array['ai'], 'an AI draft saved as it was written is one ai revision');

-- Restore: always a new revision naming the one restored.
create temporary table first_revision on commit drop as
  select min(id) as id from public.article_revisions where article_id = tests.article_id('alice');
grant select on first_revision to service_role, authenticated;
select ok(
  public.save_article(
    tests.get_supabase_uid('alice'), tests.article_fields('First', '<p>One</p>'), tests.article_id('alice'),
    (select id from first_revision)
  ) ->> 'content' = '<p>One</p>',
  'restoring the first revision saves its text'
);
select results_eq(
  $$ select source, restored_from, title from public.article_revisions
     where article_id = tests.article_id('alice') order by id desc limit 1 $$,
  $$ select 'restore', id, 'First' from first_revision $$,
  '... as a restore revision that names it'
);
select ok(
  public.save_article(
    tests.get_supabase_uid('alice'), tests.article_fields('First', '<p>One</p>'), tests.article_id('alice'),
    (select id from first_revision)
  ) is not null,
  'restoring the same revision again succeeds'
);
select is(
  tests.sources('alice'), array['manual', 'manual', 'manual', 'ai', 'manual', 'restore', 'restore'],
  '... and adds another restore revision, although the text is the same'
);
select throws_ok(
  $$ select public.save_article(
       tests.get_supabase_uid('bob'), tests.article_fields('Stolen', '<p>x</p>'), tests.article_id('bob'),
       (select id from first_revision)) $$,
  '23503', null, 'a revision of another article (alice''s) cannot be restored into bob''s'
);
select is(
  (select title from public.articles where id = tests.article_id('bob')), 'Bob''s',
  '... and bob''s article is unchanged'
);
select throws_ok(
  $$ select public.save_article(tests.get_supabase_uid('alice'), tests.article_fields('Restored', '<p>x</p>'),
       tests.article_id('alice'), 999999999) $$,
  '23503', null, 'a revision that does not exist cannot be restored'
);
select throws_ok(
  $$ select public.save_article(tests.get_supabase_uid('alice'), tests.article_fields('New', '<p>x</p>'), null,
       (select id from first_revision)) $$,
  '22023', null, 'a restore needs an existing article'
);
select throws_ok(
  $$ select public.save_article(tests.get_supabase_uid('alice'), '[]'::jsonb) $$,
  '22023', null, 'the fields must be an object'
);
select throws_ok(
  $$ select public.save_article(null, tests.article_fields('No user', '<p>x</p>')) $$,
  '22023', null, 'a user is required'
);
select throws_ok(
  $$ select public.save_article(tests.get_supabase_uid('alice'), tests.article_fields('New', '<p>x</p>'), null,
       null, tests.article_fields('', '<p>x</p>')) $$,
  '23514', null, 'an AI draft is held to the same limits (a title is required)'
);

-- The assistant: kept unless assistant_id is sent; another user's is refused by the composite key.
select tests.clear_authentication();
insert into public.assistants (id, user_id, name) values
  ('a3000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s assistant'),
  ('b3000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Bob''s assistant');
select tests.authenticate_as_service_role();
select is(
  public.save_article(tests.get_supabase_uid('alice'), tests.article_fields('First', '<p>One</p>', '{"assistant_id": "a3000000-0000-4000-8000-000000000001"}'),
    tests.article_id('alice')) ->> 'assistant_id',
  'a3000000-0000-4000-8000-000000000001',
  'assistant_id is set when sent'
);
select is(
  public.save_article(tests.get_supabase_uid('alice'), tests.article_fields('First', '<p>One</p>'), tests.article_id('alice'))
    ->> 'assistant_id',
  'a3000000-0000-4000-8000-000000000001',
  '... and kept when not sent'
);
select throws_ok(
  $$ select public.save_article(tests.get_supabase_uid('alice'), tests.article_fields('First', '<p>One</p>', '{"assistant_id": "b3000000-0000-4000-8000-000000000001"}'),
       tests.article_id('alice')) $$,
  '23503', null, 'another user''s assistant is refused'
);

-- Scheduling goes through too (the article's own constraint applies).
select is(
  public.save_article(tests.get_supabase_uid('alice'), tests.article_fields('First', '<p>One</p>', '{"status": "scheduled", "scheduled_for": "2030-01-01T08:00:00Z"}'),
    tests.article_id('alice'))
    ->> 'scheduled_for',
  '2030-01-01T08:00:00+00:00',
  'a scheduled save stores its time'
);
select throws_ok(
  $$ select public.save_article(tests.get_supabase_uid('alice'), tests.article_fields('First', '<p>One</p>', '{"status": "scheduled"}'),
       tests.article_id('alice')) $$,
  '23514', null, 'a scheduled save without a time is refused by the article''s constraint'
);

-- Reading: the owner only.
select tests.authenticate_as('alice');
select is(
  (select count(*)::int from public.article_revisions where article_id = tests.article_id('alice')), 9,
  'alice reads her article''s revisions (the assistant and the schedule changes made one each)'
);
select is_empty(
  $$ select 1 from public.article_revisions where article_id = tests.article_id('bob') $$,
  'alice cannot read bob''s revisions'
);
select tests.authenticate_as('bob');
select is_empty(
  $$ select 1 from public.article_revisions where user_id = tests.get_supabase_uid('alice') $$,
  'bob cannot read any of alice''s revisions'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ select * from public.article_revisions $$, '42501', 'permission denied for table article_revisions',
  'anon cannot read revisions'
);

-- Writing through the API: nobody.
select tests.authenticate_as('alice');
select throws_ok(
  $$ insert into public.article_revisions (article_id, user_id, source, title, content)
     values (tests.article_id('alice'), tests.get_supabase_uid('alice'), 'ai', 'Forged', '<script>x</script>') $$,
  '42501', 'permission denied for table article_revisions', 'alice cannot insert a revision'
);
select throws_ok(
  $$ update public.article_revisions set content = '<script>x</script>' where article_id = tests.article_id('alice') $$,
  '42501', 'permission denied for table article_revisions', 'alice cannot change a revision'
);
select throws_ok(
  $$ delete from public.article_revisions where article_id = tests.article_id('alice') $$,
  '42501', 'permission denied for table article_revisions', 'alice cannot delete a revision'
);
select throws_ok(
  $$ select public.save_article(tests.get_supabase_uid('alice'), tests.article_fields('Direct', '<script>x</script>')) $$,
  '42501', 'permission denied for function save_article', 'alice cannot call save_article() (unsanitised HTML)'
);
select tests.authenticate_as('bob');
select throws_ok(
  $$ delete from public.article_revisions $$,
  '42501', 'permission denied for table article_revisions', 'bob cannot delete revisions'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ insert into public.article_revisions (article_id, user_id, source, title, content)
     values (tests.article_id('alice'), tests.get_supabase_uid('alice'), 'manual', 'Anon', '') $$,
  '42501', 'permission denied for table article_revisions', 'anon cannot insert a revision'
);
select throws_ok(
  $$ select public.save_article(tests.get_supabase_uid('alice'), tests.article_fields('Anon', '<p>x</p>')) $$,
  '42501', 'permission denied for function save_article', 'anon cannot call save_article()'
);

-- A revision belongs to an article of the same user (composite foreign key).
select tests.authenticate_as_service_role();
select throws_ok(
  $$ insert into public.article_revisions (article_id, user_id, source, title, content)
     values (tests.article_id('alice'), tests.get_supabase_uid('bob'), 'manual', 'Crossed', '') $$,
  '23503', null, 'a revision cannot pair alice''s article with bob'
);
select throws_ok(
  $$ insert into public.article_revisions (article_id, user_id, source, restored_from, title, content)
     values (tests.article_id('alice'), tests.get_supabase_uid('alice'), 'manual', (select id from first_revision), 'x', '') $$,
  '23514', null, 'only a restore names the revision it restores'
);

-- Retention: 60 more saves leave the newest 50.
select tests.authenticate_as_service_role();
select public.save_article(tests.get_supabase_uid('alice'), tests.article_fields('Save ' || n, '<p>' || n || '</p>'),
                           tests.article_id('alice'))
from generate_series(1, 60) n;
select results_eq(
  $$ select * from tests.kept('alice') $$,
  $$ values (50, 'Save 11', 'Save 60') $$,
  'an article keeps its newest 50 revisions (saves 11 to 60)'
);
select is(
  (select count(*)::int from public.article_revisions where article_id = tests.article_id('bob')), 1,
  '... and another article''s revisions are untouched'
);
-- Restoring the oldest kept revision pushes it out: the restore stays, its link is cleared.
create temporary table oldest_kept on commit drop as
  select min(id) as id from public.article_revisions where article_id = tests.article_id('alice');
select ok(
  public.save_article(tests.get_supabase_uid('alice'), tests.article_fields('Save 11', '<p>11</p>'),
                      tests.article_id('alice'), (select id from oldest_kept)) is not null,
  'the oldest kept revision can be restored'
);
select results_eq(
  $$ select k.kept, k.oldest, r.source, r.restored_from, r.title
     from tests.kept('alice') k,
          lateral (select * from public.article_revisions
                   where article_id = tests.article_id('alice') order by id desc limit 1) r $$,
  $$ values (50, 'Save 12', 'restore', null::bigint, 'Save 11') $$,
  '... which then falls out of the 50, and the restore revision''s link to it is cleared'
);

-- Deleting the article deletes its revisions.
select tests.authenticate_as('alice');
delete from public.articles where id = tests.article_id('alice');
select tests.authenticate_as_service_role();
select is(
  (select count(*)::int from public.article_revisions where article_id = tests.article_id('alice')), 0,
  'deleting an article deletes its revisions'
);

select ok(
  exists (select from pg_indexes where schemaname = 'public' and tablename = 'article_revisions'
          and indexdef like '% USING btree (user_id, article_id, id DESC)'),
  'article_revisions has an index on (user_id, article_id, id desc) for the History list and retention'
);

select tests.clear_authentication();
select * from finish();
rollback;
