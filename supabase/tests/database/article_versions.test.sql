-- No silent overwrites (migration 20261204000300_article_versions.sql):
-- every change to an article moves its version, whoever makes it; a save
-- against an older version is refused (PT409) with the article as it is now
-- and writes nothing; revisions keep status, schedule, target sites,
-- featured image and assistant, and a restore brings them back.
begin;
\ir _helpers.psql
select plan(21);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

create function tests.fields(title text, extra jsonb default '{}') returns jsonb language sql as $$
  select jsonb_build_object(
    'title', title, 'content', '<p>Body</p>', 'excerpt', 'Excerpt', 'status', 'draft',
    'meta_description', null, 'focus_keyword', null, 'slug', null,
    'categories', '[]'::jsonb, 'tags', '[]'::jsonb, 'scheduled_for', null, 'scheduled_site_ids', '[]'::jsonb
  ) || extra
$$;
grant execute on all functions in schema tests to service_role, authenticated, anon;

select tests.clear_authentication();
insert into public.wordpress_sites (id, user_id, name, site_url, username, base_url) values
  ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s blog', 'https://alice.example', 'alice', 'https://alice.example/wp-json/');
insert into public.assistants (id, user_id, name) values
  ('a3000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s assistant');

create temporary table article on commit drop as
select (public.save_article(tests.get_supabase_uid('alice'), tests.fields('One')) ->> 'id')::uuid as id;
grant select on article to service_role, authenticated;

-- Versions
select is(
  (select version from public.articles where id = (select id from article)), 1::bigint,
  'a new article is at version 1'
);
select tests.authenticate_as('alice');
select throws_ok(
  $$ update public.articles set version = 99 where id = (select id from article) $$,
  '42501', null, 'the owner cannot set the version'
);
-- A change made elsewhere: the featured image chosen in the list (the browser's own update).
update public.articles set featured_image_url = 'https://project.example/one.png' where id = (select id from article);
select is(
  (select version from public.articles where id = (select id from article)), 2::bigint,
  'any change moves the version (here the featured image, set by the owner)'
);
update public.articles set featured_image_url = 'https://project.example/one.png' where id = (select id from article);
select is(
  (select version from public.articles where id = (select id from article)), 2::bigint,
  'an update that changes nothing does not'
);
select tests.clear_authentication();
-- A drip rule (or the calendar) schedules it elsewhere.
update public.articles
set status = 'scheduled', scheduled_for = now() + interval '2 days',
    scheduled_site_ids = array['a1000000-0000-4000-8000-000000000001']::uuid[], scheduled_post_status = 'draft'
where id = (select id from article);
select is(
  (select version from public.articles where id = (select id from article)), 3::bigint,
  'a schedule set elsewhere moves it too'
);

-- A stale save: refused, nothing written, the current article in the detail.
select tests.authenticate_as_service_role();
select throws_ok(
  $$ select public.save_article(tests.get_supabase_uid('alice'), tests.fields('Stale title'), (select id from article),
       p_expected_version => 1) $$,
  'PT409', 'This article was changed elsewhere since version 1',
  'a save that started from version 1 is refused (HTTP 409)'
);
create function pg_temp.conflict_detail() returns jsonb language plpgsql as $fn$
declare
  detail text;
begin
  perform public.save_article(tests.get_supabase_uid('alice'), tests.fields('Stale title'), (select id from article),
    p_expected_version => 2);
  return null;
exception when sqlstate 'PT409' then
  get stacked diagnostics detail = pg_exception_detail;
  return detail::jsonb;
end;
$fn$;
select results_eq(
  $$ select d ->> 'title', d ->> 'status', (d ->> 'version')::bigint, d -> 'scheduled_site_ids'
     from pg_temp.conflict_detail() d $$,
  $$ values ('One', 'scheduled', 3::bigint, '["a1000000-0000-4000-8000-000000000001"]'::jsonb) $$,
  'the refusal carries the article as it is now'
);
select results_eq(
  $$ select title, status, version from public.articles where id = (select id from article) $$,
  $$ values ('One', 'scheduled', 3::bigint) $$,
  'the stale save undid nothing: the schedule set elsewhere stays'
);
select is(
  (select count(*)::int from public.article_revisions where article_id = (select id from article)), 1,
  '... and wrote no revision'
);
select is(
  public.save_article(tests.get_supabase_uid('bob'), tests.fields('Bob'), (select id from article), p_expected_version => 1),
  null,
  'another user''s article is not found (null), never a conflict that shows it'
);

-- A save from the current version goes through, with its state in the revision.
select is(
  (public.save_article(tests.get_supabase_uid('alice'),
     tests.fields('Two', jsonb_build_object('status', 'scheduled', 'scheduled_for', now() + interval '2 days',
       'scheduled_site_ids', array['a1000000-0000-4000-8000-000000000001'], 'assistant_id', 'a3000000-0000-4000-8000-000000000001')),
     (select id from article), p_expected_version => 3) ->> 'version')::bigint,
  4::bigint,
  'a save from the current version is accepted and returns the new version'
);
select results_eq(
  $$ select status, scheduled_for, scheduled_site_ids, scheduled_post_status, featured_image_url, assistant_id
     from public.article_revisions where article_id = (select id from article) order by id desc limit 1 $$,
  $$ values ('scheduled', now() + interval '2 days', array['a1000000-0000-4000-8000-000000000001']::uuid[], 'draft',
             'https://project.example/one.png', 'a3000000-0000-4000-8000-000000000001'::uuid) $$,
  'the revision records status, schedule, target sites, post status, featured image and assistant'
);
create temporary table scheduled_revision on commit drop as
select max(id) as id from public.article_revisions where article_id = (select id from article);
grant select on scheduled_revision to service_role;

-- Then it is made a draft, without image or assistant...
select ok(
  public.save_article(tests.get_supabase_uid('alice'), tests.fields('Three', '{"assistant_id": null}'),
    (select id from article), p_expected_version => 4) is not null,
  'a later save makes it a draft'
);
select tests.clear_authentication();
update public.articles set featured_image_url = null where id = (select id from article);
select tests.authenticate_as_service_role();
select results_eq(
  $$ select status, scheduled_for, featured_image_url, assistant_id from public.articles where id = (select id from article) $$,
  $$ values ('draft', null::timestamptz, null::text, null::uuid) $$,
  '... with no schedule, image or assistant'
);

-- ... and the scheduled revision is restored: its state comes back with its text.
select is(
  public.save_article(tests.get_supabase_uid('alice'), tests.fields('Two'), (select id from article),
    (select id from scheduled_revision), p_expected_version => 6) ->> 'status',
  'scheduled',
  'restoring the revision brings its status back'
);
select results_eq(
  $$ select title, status, scheduled_for, scheduled_site_ids, scheduled_post_status, featured_image_url, assistant_id
     from public.articles where id = (select id from article) $$,
  $$ values ('Two', 'scheduled', now() + interval '2 days', array['a1000000-0000-4000-8000-000000000001']::uuid[],
             'draft', 'https://project.example/one.png', 'a3000000-0000-4000-8000-000000000001'::uuid) $$,
  '... and its schedule, target sites, post status, featured image and assistant'
);

-- A schedule whose time has passed comes back as a draft; a deleted assistant is not brought back.
select tests.clear_authentication();
update public.article_revisions set scheduled_for = now() - interval '1 hour' where id = (select id from scheduled_revision);
delete from public.assistants where id = 'a3000000-0000-4000-8000-000000000001';
select tests.authenticate_as_service_role();
select ok(
  public.save_article(tests.get_supabase_uid('alice'), tests.fields('Two'), (select id from article),
    (select id from scheduled_revision)) is not null,
  'restoring a revision whose schedule has passed succeeds'
);
select results_eq(
  $$ select status, scheduled_for, scheduled_site_ids, assistant_id from public.articles where id = (select id from article) $$,
  $$ values ('draft', null::timestamptz, '{}'::uuid[], null::uuid) $$,
  '... as a draft (restoring never publishes at once), without the deleted assistant'
);

-- Revisions written before state was kept (and AI drafts) restore the text only.
select tests.clear_authentication();
insert into public.article_revisions (article_id, user_id, source, title, content, excerpt)
values ((select id from article), tests.get_supabase_uid('alice'), 'manual', 'Old', '<p>Old</p>', 'Old excerpt');
select tests.authenticate_as_service_role();
select is(
  public.save_article(tests.get_supabase_uid('alice'), tests.fields('Old', '{"status": "published"}'), (select id from article),
    (select max(id) from public.article_revisions where article_id = (select id from article) and title = 'Old')) ->> 'status',
  'published',
  'a revision without a recorded state restores the text, the state as the save says'
);

-- Who may do what
select ok(
  not has_function_privilege('authenticated', 'public.save_article(uuid, jsonb, uuid, bigint, jsonb, bigint)', 'execute')
    and has_function_privilege('service_role', 'public.save_article(uuid, jsonb, uuid, bigint, jsonb, bigint)', 'execute'),
  'save_article() is the secret key''s'
);
select tests.authenticate_as('bob');
select is_empty(
  $$ select 1 from public.article_revisions where article_id = (select id from article) $$,
  'bob reads none of alice''s revisions or their state'
);

select tests.clear_authentication();
select * from finish();
rollback;
