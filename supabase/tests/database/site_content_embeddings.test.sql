-- site_content_embeddings: the embeddings of the content index (relevance by
-- embeddings). Written only by edge functions through
-- record_site_content_embeddings(); the owner may read their own; other
-- users and anon nothing. internal_link_targets_by_embedding() ranks only
-- the caller's rows of the query's model and dimension. The setting lives
-- on profiles (link_relevance, embeddings_model).
begin;
\ir _helpers.psql
select plan(37);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.wordpress_sites (id, user_id, name, site_url, username, base_url) values
  ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Garden', 'https://garden.example', 'alice', 'https://garden.example/wp-json/'),
  ('a1000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'Kitchen', 'https://kitchen.example', 'alice', 'https://kitchen.example/wp-json/'),
  ('b1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Bob''s', 'https://bob.example', 'bob', 'https://bob.example/wp-json/');
insert into public.articles (id, user_id, title) values
  ('a2000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Building raised garden beds');
insert into public.site_content (id, user_id, site_id, remote_type, remote_id, article_id, url, title, excerpt, categories, tags, modified_at) values
  ('c1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'a1000000-0000-4000-8000-000000000001', 'post', 11, null,
   'https://garden.example/compost-heap/', 'How to start a compost heap', 'Kitchen scraps and leaves.', '{Gardening}', '{compost}', '2026-11-01'),
  ('c1000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'a1000000-0000-4000-8000-000000000001', 'post', 12,
   'a2000000-0000-4000-8000-000000000001',
   'https://garden.example/raised-beds/', 'Building raised garden beds', '', '{}', '{}', '2026-11-02'),
  ('c1000000-0000-4000-8000-000000000003', tests.get_supabase_uid('alice'), 'a1000000-0000-4000-8000-000000000002', 'post', 5, null,
   'https://kitchen.example/carrot-cake/', 'Carrot cake', 'Baking with carrots.', '{Baking}', '{}', '2026-11-03'),
  ('d1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'b1000000-0000-4000-8000-000000000001', 'post', 11, null,
   'https://bob.example/compost/', 'Bob on compost heaps', '', '{}', '{compost}', '2026-11-01');

-- The text an entry is embedded as.
select is(
  public.site_content_embedding_input('How to start a compost heap', '{Gardening}', '{compost,soil}', 'Kitchen scraps.'),
  E'How to start a compost heap\nGardening, compost, soil\nKitchen scraps.',
  'embedding input: title, categories and tags, excerpt, one per line'
);
select is(public.site_content_embedding_input('About', '{}', '{}', ''), 'About', 'empty parts are left out');

-- The queue and the record, with the secret key.
select tests.authenticate_as_service_role();
select results_eq(
  $$ select content_id, input, text_hash, pending
     from public.site_content_embedding_queue(tests.get_supabase_uid('alice'), 'test-model', 2) $$,
  $$ values ('c1000000-0000-4000-8000-000000000001'::uuid, E'How to start a compost heap\nGardening, compost\nKitchen scraps and leaves.',
             md5(E'How to start a compost heap\nGardening, compost\nKitchen scraps and leaves.'), 3),
            ('c1000000-0000-4000-8000-000000000002'::uuid, 'Building raised garden beds', md5('Building raised garden beds'), 3) $$,
  'the queue: the user''s entries without an embedding, with their text and its hash, oldest sync first, at most the limit'
);
select is(
  public.record_site_content_embeddings(
    tests.get_supabase_uid('alice'), 'test-model',
    jsonb_build_array(
      jsonb_build_object('content_id', 'c1000000-0000-4000-8000-000000000001', 'text_hash',
        md5(E'How to start a compost heap\nGardening, compost\nKitchen scraps and leaves.'), 'embedding', '[1, 0, 0]'::jsonb),
      jsonb_build_object('content_id', 'c1000000-0000-4000-8000-000000000002', 'text_hash', md5('Building raised garden beds'),
        'embedding', '[0.6, 0.8, 0]'::jsonb),
      jsonb_build_object('content_id', 'c1000000-0000-4000-8000-000000000003', 'text_hash',
        md5(E'Carrot cake\nBaking\nBaking with carrots.'), 'embedding', '[0, 0, 1]'::jsonb),
      jsonb_build_object('content_id', 'd1000000-0000-4000-8000-000000000001', 'text_hash', md5('x'), 'embedding', '[1, 0, 0]'::jsonb)
    )
  ),
  3,
  'recording writes the user''s entries and skips another user''s'
);
select is(
  public.record_site_content_embeddings(
    tests.get_supabase_uid('bob'), 'test-model',
    '[{"content_id": "d1000000-0000-4000-8000-000000000001", "text_hash": "00000000000000000000000000000000", "embedding": [0.9, 0.1, 0]}]'
  ),
  1,
  'bob''s entry'
);
select is_empty(
  $$ select 1 from public.site_content_embedding_queue(tests.get_supabase_uid('alice'), 'test-model') $$,
  'once embedded, nothing is queued'
);
select is(
  (select count(*)::int from public.site_content_embedding_queue(tests.get_supabase_uid('bob'), 'test-model')),
  1,
  'an entry whose text does not match its hash is queued again'
);
select is(
  (select count(*)::int from public.site_content_embedding_queue(tests.get_supabase_uid('alice'), 'other-model')),
  3,
  'another model has its own embeddings'
);
select throws_ok(
  $$ select public.record_site_content_embeddings(tests.get_supabase_uid('alice'), 'test-model', '{}') $$,
  '22023', null, 'embeddings must be a JSON array'
);
select throws_ok(
  $$ insert into public.site_content_embeddings (content_id, user_id, model, text_hash, embedding)
     values ('d1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'm', md5('x'), '[1,2]') $$,
  '23503', null, 'an embedding cannot pair a user with another user''s entry'
);
select throws_ok(
  $$ insert into public.site_content_embeddings (content_id, user_id, model, text_hash, embedding)
     values ('c1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'm', 'not a hash', '[1,2]') $$,
  '23514', null, 'the hash is an md5'
);
select throws_ok(
  $$ update public.site_content set title = 'Carrot cake, updated' where id = 'c1000000-0000-4000-8000-000000000003';
     select 1 / (select count(*)::int - 1 from public.site_content_embedding_queue(tests.get_supabase_uid('alice'), 'test-model')) $$,
  '22012', null, 'an edited entry is queued again (exactly one)'
);

-- Grants
select table_privs_are('public', 'site_content_embeddings', 'authenticated', array['SELECT'], 'authenticated: SELECT only');
select table_privs_are('public', 'site_content_embeddings', 'anon', array[]::text[], 'anon: no privilege on site_content_embeddings');

-- SELECT
select tests.authenticate_as('alice');
select results_eq(
  $$ select content_id from public.site_content_embeddings order by content_id $$,
  $$ values ('c1000000-0000-4000-8000-000000000001'::uuid), ('c1000000-0000-4000-8000-000000000002'::uuid),
            ('c1000000-0000-4000-8000-000000000003'::uuid) $$,
  'alice sees exactly her own embeddings'
);
select tests.authenticate_as('bob');
select results_eq(
  $$ select content_id from public.site_content_embeddings $$,
  $$ values ('d1000000-0000-4000-8000-000000000001'::uuid) $$,
  'bob sees only his'
);
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.site_content_embeddings $$, '42501', 'permission denied for table site_content_embeddings', 'anon cannot read embeddings');

-- INSERT / UPDATE / DELETE and the writers: nobody through the API, owner included.
select tests.authenticate_as('alice');
select throws_ok(
  $$ insert into public.site_content_embeddings (content_id, user_id, model, text_hash, embedding)
     values ('c1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'mine', md5('x'), '[1,0,0]') $$,
  '42501', 'permission denied for table site_content_embeddings', 'alice cannot insert an embedding'
);
select throws_ok(
  $$ update public.site_content_embeddings set embedding = '[0,1,0]' $$,
  '42501', 'permission denied for table site_content_embeddings', 'alice cannot update her embeddings'
);
select throws_ok(
  $$ delete from public.site_content_embeddings $$,
  '42501', 'permission denied for table site_content_embeddings', 'alice cannot delete her embeddings'
);
select throws_ok(
  $$ select public.record_site_content_embeddings(tests.get_supabase_uid('alice'), 'm', '[]') $$,
  '42501', null, 'alice cannot record embeddings'
);
select throws_ok(
  $$ select * from public.site_content_embedding_queue(tests.get_supabase_uid('bob'), 'test-model') $$,
  '42501', null, 'alice cannot read the queue (another user''s texts)'
);

-- internal_link_targets_by_embedding(): the caller's rows of the model, nearest first.
select results_eq(
  $$ select url, round(score::numeric, 3) from public.internal_link_targets_by_embedding(array[0.8, 0.6, 0], 'test-model') $$,
  $$ values ('https://garden.example/raised-beds/', 0.960), ('https://garden.example/compost-heap/', 0.800),
            ('https://kitchen.example/carrot-cake/', 0.000) $$,
  'alice''s entries, nearest first, scored by cosine similarity'
);
select results_eq(
  $$ select url from public.internal_link_targets_by_embedding(array[0.8, 0.6, 0], 'test-model', 1) $$,
  $$ values ('https://garden.example/raised-beds/') $$,
  'at most max_results'
);
select results_eq(
  $$ select url from public.internal_link_targets_by_embedding(array[0.8, 0.6, 0], 'test-model', 8,
       array['a1000000-0000-4000-8000-000000000002'::uuid]) $$,
  $$ values ('https://kitchen.example/carrot-cake/') $$,
  'only the chosen sites'
);
select results_eq(
  $$ select url from public.internal_link_targets_by_embedding(array[0.8, 0.6, 0], 'test-model', 8, null,
       'a2000000-0000-4000-8000-000000000001') $$,
  $$ values ('https://garden.example/compost-heap/'), ('https://kitchen.example/carrot-cake/') $$,
  'the article''s own entry is left out'
);
select is_empty(
  $$ select 1 from public.internal_link_targets_by_embedding(array[0.8, 0.6, 0], 'other-model') $$,
  'rows of another model are never compared'
);
select is_empty(
  $$ select 1 from public.internal_link_targets_by_embedding(array[0.8, 0.6], 'test-model') $$,
  'nor rows of another dimension'
);
select is_empty(
  $$ select 1 from public.internal_link_targets_by_embedding(array[]::double precision[], 'test-model') $$,
  'an empty query ranks nothing'
);
select tests.authenticate_as('bob');
select results_eq(
  $$ select url from public.internal_link_targets_by_embedding(array[1, 0, 0], 'test-model', 8, null, null, tests.get_supabase_uid('alice')) $$,
  $$ values ('https://bob.example/compost/') $$,
  'a signed-in caller ranks their own entries whatever for_user_id says'
);
select tests.authenticate_as_service_role();
select results_eq(
  $$ select url from public.internal_link_targets_by_embedding(array[1, 0, 0], 'test-model', 1, null, null, tests.get_supabase_uid('alice')) $$,
  $$ values ('https://garden.example/compost-heap/') $$,
  'the secret key names the user in for_user_id'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ select * from public.internal_link_targets_by_embedding(array[1, 0, 0], 'test-model') $$,
  '42501', null, 'anon cannot rank'
);

-- An entry removed from the index takes its embeddings with it.
select tests.clear_authentication();
delete from public.site_content where id = 'c1000000-0000-4000-8000-000000000001';
select is(
  (select count(*)::int from public.site_content_embeddings where content_id = 'c1000000-0000-4000-8000-000000000001'),
  0,
  'deleting an entry deletes its embeddings'
);

-- The setting on profiles: full text and the provider's embeddings model (null) by default; the owner changes it.
select results_eq(
  $$ select link_relevance, embeddings_model from public.profiles where id = tests.get_supabase_uid('alice') $$,
  $$ values ('full_text', null::text) $$,
  'full text and the provider''s default model by default'
);
select tests.authenticate_as('alice');
update public.profiles set link_relevance = 'embeddings', embeddings_model = 'text-embedding-3-large';
select tests.authenticate_as('bob');
update public.profiles set link_relevance = 'full_text' where id = tests.get_supabase_uid('alice');
select tests.clear_authentication();
select results_eq(
  $$ select link_relevance, embeddings_model from public.profiles where id = tests.get_supabase_uid('alice') $$,
  $$ values ('embeddings', 'text-embedding-3-large') $$,
  'alice changed her setting; bob could not change it'
);
select tests.authenticate_as('alice');
select throws_ok(
  $$ update public.profiles set link_relevance = 'magic' $$,
  '23514', null, 'relevance is full_text or embeddings'
);
select throws_ok(
  $$ update public.profiles set embeddings_model = 'model; drop table' $$,
  '23514', null, 'a model is a name'
);

select * from finish();
rollback;
