-- Schema-wide invariants, written against the catalogs so that a table, policy
-- or function added later is covered without touching this file.
begin;
\ir _helpers.psql
select plan(16);

-- Every table in public has row-level security on.
select is_empty(
  $$ select c.relname::text
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity $$,
  'every table in public has row-level security enabled'
);

-- ...and no view or materialized view in public (views bypass RLS unless
-- security_invoker is set; none is expected).
select is_empty(
  $$ select c.relname::text
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('v', 'm')
       and not coalesce('security_invoker=true' = any (c.reloptions), false) $$,
  'no view in public bypasses RLS (security_invoker views only)'
);

-- The tables we expect, so a table dropped or renamed by mistake is noticed.
select tables_are(
  'public',
  array['profiles', 'api_keys', 'ai_provider_settings', 'assistants', 'wordpress_sites', 'wordpress_site_credentials', 'ghost_site_credentials',
        'articles', 'article_revisions', 'publications', 'generated_images', 'draft_batches', 'draft_jobs',
        'draft_queue_users',
        'site_content', 'site_content_embeddings', 'site_content_syncs', 'keyword_researches', 'article_seo_scores',
        'keyword_data_providers', 'keyword_data_requests', 'article_templates'],
  'public has exactly the application tables'
);

-- anon has no privilege at all on any table or column in public (directly or
-- through PUBLIC).
select is_empty(
  $$ select c.relname::text
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm')
       and has_table_privilege('anon', c.oid, 'select, insert, update, delete, truncate, references, trigger') $$,
  'anon has no table privilege in public'
);
select is_empty(
  $$ select c.relname::text
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm')
       and has_any_column_privilege('anon', c.oid, 'select, insert, update, references') $$,
  'anon has no column privilege in public'
);

-- authenticated never holds table-wide INSERT or UPDATE (its writes are
-- column grants) nor TRUNCATE, REFERENCES or TRIGGER on a table in public.
-- Where new tables are granted to the API roles by default (test-db.sh's
-- auto-expose-on run), a table whose migration forgets `revoke all ... from
-- anon, authenticated` fails here and in the anon checks above.
select is_empty(
  $$ select c.relname::text || ': ' || a.privilege_type
     from pg_class c join pg_namespace n on n.oid = c.relnamespace, aclexplode(c.relacl) a
     where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
       and a.grantee = 'authenticated'::regrole
       and a.privilege_type not in ('SELECT', 'DELETE') $$,
  'authenticated holds no table-wide INSERT, UPDATE, TRUNCATE, REFERENCES or TRIGGER in public'
);

-- No sequence in public is usable by the browser's roles.
select is_empty(
  $$ select c.relname::text
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'S'
       and (has_sequence_privilege('anon', c.oid, 'usage, select, update')
         or has_sequence_privilege('authenticated', c.oid, 'usage, select, update')) $$,
  'anon and authenticated cannot use any sequence in public'
);

-- anon can execute no function of ours (PostgreSQL grants EXECUTE on new
-- functions to PUBLIC, and hosted Supabase used to grant it to the API roles
-- too; every function must revoke both).
select is_empty(
  $$ select p.oid::regprocedure::text
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname in ('public', 'private') and has_function_privilege('anon', p.oid, 'execute') $$,
  'anon cannot execute any function in public or private'
);

-- The only functions of ours a signed-in user may call. Adding one to the
-- API means adding it here, on purpose.
select results_eq(
  $$ select p.oid::regprocedure::text
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname in ('public', 'private') and has_function_privilege('authenticated', p.oid, 'execute')
     order by 1 $$,
  $$ values ('api_key_status()'),
            ('apply_drip_schedule(uuid[],date,integer,text,time without time zone,time without time zone,text,uuid[],text)'),
            ('article_search_query(text)'),
            ('calendar_entries(timestamp with time zone,timestamp with time zone)'), ('count_articles(text,text)'),
            ('drip_schedule_times(integer,date,integer,text,time without time zone,time without time zone,text,timestamp with time zone)'),
            ('internal_link_targets(text,text,integer,uuid[],uuid,uuid)'),
            ('internal_link_targets_by_embedding(double precision[],text,integer,uuid[],uuid,uuid)'),
            ('keyword_data_provider_status()'), ('keyword_data_spend(timestamp with time zone)'),
            ('list_articles(text,text,text,text,uuid,boolean,integer)'), ('matching_article_ids(text)'),
            ('remove_keyword_data_provider()'),
            ('reschedule_article(uuid,timestamp with time zone)'), ('retry_scheduled_publication(uuid,uuid)'),
            ('save_ai_provider(text,text)') $$,
  'authenticated can execute exactly api_key_status(), the drip rule, the articles list and calendar functions, internal_link_targets() and its embeddings twin, the keyword-data provider''s status and removal and the spend, reschedule and retry, save_ai_provider()'
);

-- The secret key (service_role) calls exactly the scheduling functions and
-- the ones every role may call; private.* is for the database itself.
-- (Trigger functions cannot be called directly, so they are left out.)
select results_eq(
  $$ select p.oid::regprocedure::text
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname in ('public', 'private') and has_function_privilege('service_role', p.oid, 'execute')
       and not has_function_privilege('authenticated', p.oid, 'execute')
       and p.prorettype <> 'trigger'::regtype
     order by 1 $$,
  $$ values
       ('approve_draft_batch_outlines(uuid,uuid)'),
       ('approve_draft_job_outline(uuid,uuid,text[])'),
       ('begin_remote_create(uuid,integer)'),
       ('cancel_draft_batch(uuid,uuid)'),
       ('claim_draft_jobs(integer,integer,integer,integer,integer)'),
       ('claim_due_scheduled_articles(integer,integer,integer)'),
       ('claim_publication(uuid,uuid,uuid,integer,uuid)'),
       ('complete_draft_job(uuid,uuid,text,text,text,text,text,text,text[],text[],text,text,boolean)'),
       ('consume_rate_limit(uuid,text,integer,integer,integer)'),
       ('create_draft_batch(uuid,text,uuid,boolean,uuid[],jsonb,text,jsonb,uuid,text[],boolean)'),
       ('draft_queue_demand(integer,integer)'),
       ('fail_draft_job(uuid,uuid,text,integer)'),
       ('image_storage_used(uuid)'),
       ('plain_text_secrets()'),
       ('record_draft_rate_limit(uuid,integer,integer)'),
       ('record_generated_images(uuid,bigint,jsonb)'),
       ('record_publication_failure(uuid,uuid,uuid,text,boolean,bigint,text,bigint,text,text,text,uuid)'),
       ('record_publication_success(uuid,uuid,uuid,bigint,text,text,bigint,text,boolean,text,uuid)'),
       ('record_site_content_embeddings(uuid,text,jsonb)'),
       ('record_site_content_sync(uuid,uuid,boolean,jsonb,jsonb,timestamp with time zone)'),
       ('regenerate_draft_job(uuid,uuid)'),
       ('release_draft_job(uuid,uuid)'),
       ('release_publication_claim(uuid)'),
       ('renew_publication_claims(uuid[],integer)'),
       ('retry_failed_draft_jobs(uuid,uuid)'),
       ('save_article(uuid,jsonb,uuid,bigint,jsonb,bigint)'),
       ('saved_article_json(articles)'),
       ('settle_article_language(uuid,uuid,bigint,text)'),
       ('site_content_embedding_input(text,text[],text[],text)'),
       ('site_content_embedding_queue(uuid,text,integer)'),
       ('store_draft_job_outline(uuid,uuid,text[])') $$,
  'service_role can execute exactly the scheduling and publication-claim, drafting-queue, rate-limit, image-quota, content-sync, embedding and article-saving functions besides the browser''s'
);

-- Every security definer function pins its search_path.
select is_empty(
  $$ select p.oid::regprocedure::text
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.prosecdef
       and not exists (select from unnest(p.proconfig) c where c like 'search_path=%') $$,
  'every security definer function in public sets search_path'
);

-- The secret key (service_role, used by edge functions) can use every table.
select is_empty(
  $$ select c.relname::text
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r'
       and not has_table_privilege('service_role', c.oid, 'select, insert, update, delete') $$,
  'service_role has select, insert, update and delete on every table in public'
);

-- No policy in public applies to anon or PUBLIC: every one names authenticated.
select is_empty(
  $$ select tablename::text || ': ' || policyname
     from pg_policies
     where schemaname in ('public', 'storage') and not roles <@ array['authenticated']::name[] $$,
  'every policy (public, storage) applies to authenticated only'
);

-- Policies call auth.uid() as `(select auth.uid())`, evaluated once per
-- statement instead of once per row.
select is_empty(
  $$ select tablename::text || ': ' || policyname
     from pg_policies
     where schemaname in ('public', 'storage')
       and (replace(coalesce(qual, ''), 'SELECT auth.uid()', '') ~ 'auth\.uid\(\)'
         or replace(coalesce(with_check, ''), 'SELECT auth.uid()', '') ~ 'auth\.uid\(\)') $$,
  'every policy wraps auth.uid() in a sub-select'
);

-- Every foreign key in public is backed by an index whose leading columns are
-- the key's columns (cascading deletes from auth.users and joins stay fast).
select is_empty(
  $$ select con.conrelid::regclass::text || ' (' || con.conname || ')'
     from pg_constraint con join pg_namespace n on n.oid = con.connamespace
     where con.contype = 'f' and n.nspname = 'public'
       and not exists (
         select from pg_index i
         where i.indrelid = con.conrelid
           and (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(con.conkey)] = con.conkey) $$,
  'every foreign key in public has an index on its columns'
);

-- Every table with a user_id column can be filtered by it through an index
-- (each policy filters on it).
select is_empty(
  $$ select c.table_name::text
     from information_schema.columns c
     where c.table_schema = 'public' and c.column_name = 'user_id'
       and not exists (
         select from pg_index i
         join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
         where i.indrelid = format('public.%I', c.table_name)::regclass and a.attname = 'user_id') $$,
  'every user_id column leads an index'
);

select * from finish();
rollback;
