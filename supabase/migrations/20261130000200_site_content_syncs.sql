-- site_content_syncs: how far each site's content index is synced (one row
-- per site): when the last sync and the last full sync finished, the
-- WordPress modification time incremental syncs continue from, how many
-- entries the index holds, and why the last attempt failed. Written only by
-- the sync-site-content edge function (service_role); the owner may read it
-- (the site card shows it).
--
-- record_site_content_sync(...) writes one sync's result in one transaction:
-- the entries are upserted (by site, type and remote id; an entry that is one
-- of the user's publications is linked to its article), the removed ones
-- deleted, and after a full sync every entry WordPress did not list is
-- deleted too; then the sync row is updated. It checks that the site belongs
-- to the user; only the secret key may call it.

create table public.site_content_syncs (
  site_id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  last_synced_at timestamptz,
  last_full_sync_at timestamptz,
  modified_cursor timestamptz,
  entry_count integer not null default 0 check (entry_count >= 0),
  last_error text check (length(last_error) <= 500),
  last_error_at timestamptz,
  updated_at timestamptz not null default now(),
  constraint site_content_syncs_user_id_site_id_fkey
    foreign key (user_id, site_id) references public.wordpress_sites (user_id, id) on delete cascade
);

create index site_content_syncs_user_id_site_id_idx on public.site_content_syncs (user_id, site_id);

create trigger site_content_syncs_set_updated_at
  before update on public.site_content_syncs
  for each row execute function public.set_updated_at();

alter table public.site_content_syncs enable row level security;

revoke all on table public.site_content_syncs from anon, authenticated;
grant select on table public.site_content_syncs to authenticated;
grant all on table public.site_content_syncs to service_role;

create policy "Users can view their own sites' sync state"
  on public.site_content_syncs for select to authenticated
  using ((select auth.uid()) = user_id);

-- p_entries: a JSON array of { remote_type, remote_id, url, title, excerpt,
-- categories, tags, modified_at }; p_removed: a JSON array of
-- { remote_type, remote_id }. p_cursor: the latest modification time seen
-- (the cursor only moves forward).
create function public.record_site_content_sync(
  p_user_id uuid,
  p_site_id uuid,
  p_full boolean,
  p_entries jsonb,
  p_removed jsonb default '[]'::jsonb,
  p_cursor timestamptz default null
)
returns table (upserted integer, removed integer, entry_count integer)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  upserted_count integer;
  removed_count integer := 0;
  deleted_count integer;
  total integer;
begin
  if p_user_id is null or p_site_id is null or p_full is null then
    raise exception 'record_site_content_sync: user, site and mode are required' using errcode = '22023';
  end if;
  if pg_catalog.jsonb_typeof(p_entries) is distinct from 'array'
     or pg_catalog.jsonb_typeof(coalesce(p_removed, '[]'::jsonb)) <> 'array' then
    raise exception 'record_site_content_sync: entries and removed must be JSON arrays' using errcode = '22023';
  end if;
  -- Locks the site row: two syncs of one site are recorded one after the other.
  perform 1 from public.wordpress_sites where id = p_site_id and user_id = p_user_id for update;
  if not found then
    raise exception 'site % not found for this user', p_site_id using errcode = 'P0002';
  end if;

  with incoming as (
    select e.*
    from pg_catalog.jsonb_to_recordset(p_entries) as e(
      remote_type text, remote_id bigint, url text, title text, excerpt text,
      categories text[], tags text[], modified_at timestamptz
    )
  )
  insert into public.site_content as c (
    user_id, site_id, remote_type, remote_id, article_id, url, title, excerpt, categories, tags, modified_at, synced_at
  )
  select p_user_id, p_site_id, i.remote_type, i.remote_id,
    (select p.article_id from public.publications p
      where i.remote_type = 'post' and p.site_id = p_site_id and p.user_id = p_user_id
        and p.remote_post_id = i.remote_id
      limit 1),
    i.url, coalesce(i.title, ''), coalesce(i.excerpt, ''), coalesce(i.categories, '{}'), coalesce(i.tags, '{}'),
    i.modified_at, now()
  from incoming i
  on conflict (site_id, remote_type, remote_id) do update set
    article_id = coalesce(excluded.article_id, c.article_id),
    url = excluded.url,
    title = excluded.title,
    excerpt = excluded.excerpt,
    categories = excluded.categories,
    tags = excluded.tags,
    modified_at = excluded.modified_at,
    synced_at = excluded.synced_at;
  get diagnostics upserted_count = row_count;

  delete from public.site_content c
  using pg_catalog.jsonb_to_recordset(coalesce(p_removed, '[]'::jsonb)) as r(remote_type text, remote_id bigint)
  where c.site_id = p_site_id and c.user_id = p_user_id
    and c.remote_type = r.remote_type and c.remote_id = r.remote_id;
  get diagnostics removed_count = row_count;

  if p_full then
    delete from public.site_content c
    where c.site_id = p_site_id and c.user_id = p_user_id
      and not exists (
        select 1
        from pg_catalog.jsonb_to_recordset(p_entries) as e(remote_type text, remote_id bigint)
        where e.remote_type = c.remote_type and e.remote_id = c.remote_id
      );
    get diagnostics deleted_count = row_count;
    removed_count := removed_count + deleted_count;
  end if;

  select pg_catalog.count(*)::integer into total
  from public.site_content c
  where c.site_id = p_site_id and c.user_id = p_user_id;

  insert into public.site_content_syncs as s (
    site_id, user_id, last_synced_at, last_full_sync_at, modified_cursor, entry_count, last_error, last_error_at
  )
  values (p_site_id, p_user_id, now(), case when p_full then now() end, p_cursor, total, null, null)
  on conflict (site_id) do update set
    last_synced_at = excluded.last_synced_at,
    last_full_sync_at = coalesce(excluded.last_full_sync_at, s.last_full_sync_at),
    modified_cursor = case
      when excluded.modified_cursor is null then s.modified_cursor
      when s.modified_cursor is null then excluded.modified_cursor
      else greatest(s.modified_cursor, excluded.modified_cursor)
    end,
    entry_count = excluded.entry_count,
    last_error = null,
    last_error_at = null;

  return query select upserted_count, removed_count, total;
end;
$$;

revoke execute on function public.record_site_content_sync(uuid, uuid, boolean, jsonb, jsonb, timestamptz)
  from public, anon, authenticated;
grant execute on function public.record_site_content_sync(uuid, uuid, boolean, jsonb, jsonb, timestamptz)
  to service_role;
