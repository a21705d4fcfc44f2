-- site_content: the content index of connected sites. Written only by edge
-- functions (record_site_content_sync(), and the trigger that indexes a
-- published article); the owner may read their own; other users and anon
-- nothing. internal_link_targets() ranks only the caller's entries.
begin;
\ir _helpers.psql
select plan(42);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.wordpress_sites (id, user_id, name, site_url, username, base_url) values
  ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Garden', 'https://garden.example', 'alice', 'https://garden.example/wp-json/'),
  ('a1000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'Kitchen', 'https://kitchen.example', 'alice', 'https://kitchen.example/wp-json/'),
  ('b1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Bob''s', 'https://bob.example', 'bob', 'https://bob.example/wp-json/');
insert into public.articles (id, user_id, title, excerpt, categories, tags) values
  ('a2000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Mulching in autumn', 'Leaves as mulch.', '{Gardening}', '{mulch,leaves}');

-- What sync-site-content records, with the secret key.
select tests.authenticate_as_service_role();
select results_eq(
  $$ select upserted, removed, entry_count from public.record_site_content_sync(
       tests.get_supabase_uid('alice'), 'a1000000-0000-4000-8000-000000000001', true,
       '[{"remote_type": "post", "remote_id": 11, "url": "https://garden.example/compost-heap/",
          "title": "How to start a compost heap", "excerpt": "Kitchen scraps, dry leaves and a turning fork.",
          "categories": ["Gardening"], "tags": ["compost", "soil"], "modified_at": "2026-11-01T10:00:00Z"},
         {"remote_type": "post", "remote_id": 12, "url": "https://garden.example/raised-beds/",
          "title": "Building raised garden beds", "excerpt": "Untreated larch, drainage and topsoil.",
          "categories": ["Gardening"], "tags": ["raised beds", "timber"], "modified_at": "2026-11-02T10:00:00Z"},
         {"remote_type": "page", "remote_id": 2, "url": "https://garden.example/about/",
          "title": "About", "excerpt": "", "categories": [], "tags": [], "modified_at": "2026-10-01T10:00:00Z"}]',
       '[]', '2026-11-02T10:00:00Z') $$,
  $$ values (3, 0, 3) $$,
  'a full sync writes every entry'
);
select lives_ok(
  $$ select public.record_site_content_sync(
       tests.get_supabase_uid('alice'), 'a1000000-0000-4000-8000-000000000002', true,
       '[{"remote_type": "post", "remote_id": 5, "url": "https://kitchen.example/compost-cake/",
          "title": "Compost cake? No: carrot cake", "excerpt": "", "categories": ["Baking"], "tags": [],
          "modified_at": "2026-11-01T10:00:00Z"}]') $$,
  'entries of a second site'
);
select lives_ok(
  $$ select public.record_site_content_sync(
       tests.get_supabase_uid('bob'), 'b1000000-0000-4000-8000-000000000001', true,
       '[{"remote_type": "post", "remote_id": 11, "url": "https://bob.example/compost/",
          "title": "Bob on compost heaps", "excerpt": "Compost heap secrets.", "categories": [], "tags": ["compost"],
          "modified_at": "2026-11-01T10:00:00Z"}]') $$,
  'bob''s entries'
);
select throws_ok(
  $$ select public.record_site_content_sync(tests.get_supabase_uid('bob'), 'a1000000-0000-4000-8000-000000000001', true, '[]') $$,
  'P0002', null, 'a site is recorded only for its owner'
);
select throws_ok(
  $$ select public.record_site_content_sync(tests.get_supabase_uid('alice'), 'a1000000-0000-4000-8000-000000000001', true, '{}') $$,
  '22023', null, 'entries must be a JSON array'
);
select throws_ok(
  $$ insert into public.site_content (user_id, site_id, remote_type, remote_id, url, title, modified_at)
     values (tests.get_supabase_uid('alice'), 'b1000000-0000-4000-8000-000000000001', 'post', 99, 'https://bob.example/x/', 'x', now()) $$,
  '23503', null, 'an entry cannot pair a user with another user''s site'
);
select throws_ok(
  $$ insert into public.site_content (user_id, site_id, remote_type, remote_id, url, title, modified_at)
     values (tests.get_supabase_uid('alice'), 'a1000000-0000-4000-8000-000000000001', 'post', 99, 'javascript:alert(1)', 'x', now()) $$,
  '23514', null, 'only http(s) URLs'
);
select throws_ok(
  $$ insert into public.site_content (user_id, site_id, remote_type, remote_id, url, title, modified_at)
     values (tests.get_supabase_uid('alice'), 'a1000000-0000-4000-8000-000000000001', 'post', 11, 'https://garden.example/again/', 'x', now()) $$,
  '23505', null, 'one entry per site, type and remote id'
);
select tests.clear_authentication();
select is(
  (select search_vector::text from public.site_content where remote_id = 12 and site_id = 'a1000000-0000-4000-8000-000000000001'),
  $$'bed':4A,7B 'build':1A 'drainag':11C 'garden':3A,5B 'larch':10C 'rais':2A,6B 'timber':8B 'topsoil':13C 'untreat':9C$$,
  'search_vector: title (A), categories and tags (B), excerpt (C)'
);

-- Grants
select table_privs_are('public', 'site_content', 'authenticated', array['SELECT'], 'authenticated: SELECT only');
select table_privs_are('public', 'site_content', 'anon', array[]::text[], 'anon: no privilege on site_content');

-- SELECT
select tests.authenticate_as('alice');
select results_eq(
  $$ select remote_type, remote_id from public.site_content order by site_id, remote_type desc, remote_id $$,
  $$ values ('post', 11::bigint), ('post', 12::bigint), ('page', 2::bigint), ('post', 5::bigint) $$,
  'alice sees exactly her own entries'
);
select tests.authenticate_as('bob');
select results_eq(
  $$ select url from public.site_content $$,
  $$ values ('https://bob.example/compost/') $$,
  'bob sees only his'
);
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.site_content $$, '42501', 'permission denied for table site_content', 'anon cannot read entries');

-- INSERT / UPDATE / DELETE: nobody through the API, owner included.
select tests.authenticate_as('alice');
select throws_ok(
  $$ insert into public.site_content (user_id, site_id, remote_type, remote_id, url, title, modified_at)
     values (tests.get_supabase_uid('alice'), 'a1000000-0000-4000-8000-000000000001', 'post', 77, 'https://garden.example/x/', 'x', now()) $$,
  '42501', 'permission denied for table site_content', 'alice cannot insert an entry'
);
select throws_ok(
  $$ update public.site_content set url = 'https://evil.example/' $$,
  '42501', 'permission denied for table site_content', 'alice cannot update her entries'
);
select throws_ok(
  $$ delete from public.site_content $$,
  '42501', 'permission denied for table site_content', 'alice cannot delete her entries'
);
select throws_ok(
  $$ select public.record_site_content_sync(tests.get_supabase_uid('alice'), 'a1000000-0000-4000-8000-000000000001', true, '[]') $$,
  '42501', null, 'alice cannot record a sync'
);
select tests.authenticate_as('bob');
select throws_ok(
  $$ delete from public.site_content where site_id = 'a1000000-0000-4000-8000-000000000001' $$,
  '42501', 'permission denied for table site_content', 'bob cannot delete alice''s entries'
);
select tests.clear_authentication();
select is((select count(*)::int from public.site_content), 5, 'the entries are unchanged');

-- internal_link_targets(): the caller's entries, best first.
select tests.authenticate_as('alice');
select results_eq(
  $$ select url from public.internal_link_targets('Worm bins', 'A worm bin is a small compost heap for kitchen scraps.') $$,
  $$ values ('https://garden.example/compost-heap/'), ('https://kitchen.example/compost-cake/') $$,
  'alice: her compost heap first, then her other site''s post; never bob''s'
);
select results_eq(
  $$ select url from public.internal_link_targets('Worm bins', 'A compost heap', 8, array['a1000000-0000-4000-8000-000000000001'::uuid]) $$,
  $$ values ('https://garden.example/compost-heap/') $$,
  'site_ids limits the ranking to those sites'
);
select results_eq(
  $$ select url from public.internal_link_targets('compost', null, 1) $$,
  $$ values ('https://garden.example/compost-heap/') $$,
  'max_results limits the rows'
);
select is_empty(
  $$ select 1 from public.internal_link_targets('', '') $$,
  'no words, no targets'
);
select results_eq(
  $$ select url from public.internal_link_targets('compost heap', null, 8, null, null, tests.get_supabase_uid('bob')) $$,
  $$ values ('https://garden.example/compost-heap/'), ('https://kitchen.example/compost-cake/') $$,
  'a signed-in caller naming another user still ranks only their own entries'
);
select tests.authenticate_as('bob');
select results_eq(
  $$ select url from public.internal_link_targets('compost heap', null, 8, null, null, tests.get_supabase_uid('alice')) $$,
  $$ values ('https://bob.example/compost/') $$,
  'bob gets only his, whoever he names'
);
select tests.authenticate_as_service_role();
select results_eq(
  $$ select url from public.internal_link_targets('raised beds', null, 8, null, null, tests.get_supabase_uid('alice')) $$,
  $$ values ('https://garden.example/raised-beds/') $$,
  'the secret key ranks the entries of the user it names'
);
select is_empty(
  $$ select 1 from public.internal_link_targets('compost heap') $$,
  'the secret key without a user ranks nothing'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ select * from public.internal_link_targets('compost') $$,
  '42501', null, 'anon cannot rank'
);

-- A published article is indexed at once (the trigger), linked to the article.
select tests.authenticate_as_service_role();
select lives_ok(
  $$ select public.record_publication_success(
       tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000001',
       31, 'https://garden.example/mulching-in-autumn/', 'publish') $$,
  'alice publishes an article'
);
select results_eq(
  $$ select article_id, remote_type, url, title, tags from public.site_content where remote_id = 31 $$,
  $$ values ('a2000000-0000-4000-8000-000000000001'::uuid, 'post', 'https://garden.example/mulching-in-autumn/',
             'Mulching in autumn', '{mulch,leaves}'::text[]) $$,
  'the published article is in the index'
);
select tests.authenticate_as('alice');
select results_eq(
  $$ select url from public.internal_link_targets('mulch leaves', null, 1) $$,
  $$ values ('https://garden.example/mulching-in-autumn/') $$,
  'and is ranked'
);
select results_eq(
  $$ select url from public.internal_link_targets('mulch leaves', null, 8, null, 'a2000000-0000-4000-8000-000000000001') $$,
  $$ values ('https://garden.example/compost-heap/') $$,
  'exclude_article_id leaves the article''s own entry out'
);
select tests.authenticate_as_service_role();
select lives_ok(
  $$ select public.record_publication_failure(
       tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000001',
       'WordPress answered 500') $$,
  'a later publish fails'
);
select is((select count(*)::int from public.site_content where remote_id = 31), 1, 'a failed re-publish leaves the entry: the post is still on the site');
select lives_ok(
  $$ select public.record_publication_success(
       tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000001',
       31, 'https://garden.example/?p=31', 'draft') $$,
  'alice publishes it again as a WordPress draft'
);
select is_empty($$ select 1 from public.site_content where remote_id = 31 $$, 'a post turned draft leaves the index');

-- Syncs: removals, and a full sync deletes what WordPress no longer lists.
select results_eq(
  $$ select upserted, removed, entry_count from public.record_site_content_sync(
       tests.get_supabase_uid('alice'), 'a1000000-0000-4000-8000-000000000001', false,
       '[{"remote_type": "post", "remote_id": 12, "url": "https://garden.example/raised-beds/",
          "title": "Raised beds, revised", "excerpt": "", "categories": [], "tags": [], "modified_at": "2026-11-05T10:00:00Z"}]',
       '[{"remote_type": "page", "remote_id": 2}]', '2026-11-05T10:00:00Z') $$,
  $$ values (1, 1, 2) $$,
  'an incremental sync upserts the changed entry and removes the unpublished one'
);
select results_eq(
  $$ select upserted, removed, entry_count from public.record_site_content_sync(
       tests.get_supabase_uid('alice'), 'a1000000-0000-4000-8000-000000000001', true,
       '[{"remote_type": "post", "remote_id": 12, "url": "https://garden.example/raised-beds/",
          "title": "Raised beds, revised", "excerpt": "", "categories": [], "tags": [], "modified_at": "2026-11-05T10:00:00Z"}]') $$,
  $$ values (1, 1, 1) $$,
  'a full sync deletes the entries WordPress did not list'
);
select is(
  (select count(*)::int from public.site_content where site_id = 'a1000000-0000-4000-8000-000000000002'), 1,
  'the other site''s entries are untouched'
);

-- Removing the site removes its index.
select tests.clear_authentication();
delete from public.wordpress_sites where id = 'a1000000-0000-4000-8000-000000000001';
select is_empty($$ select 1 from public.site_content where site_id = 'a1000000-0000-4000-8000-000000000001' $$, 'removing a site removes its entries');
select is_empty($$ select 1 from public.site_content_syncs where site_id = 'a1000000-0000-4000-8000-000000000001' $$, 'and its sync state');

select * from finish();
rollback;
