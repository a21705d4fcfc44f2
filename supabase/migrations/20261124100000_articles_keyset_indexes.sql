-- Keyset pagination of the articles list: one btree per sort order, each
-- ending in id so that (sort key, id) is unique and a page starts with an
-- index range condition, ROW(key, id) < ROW(cursor), not an offset. The
-- (user_id, created_at, id) and (user_id, status, created_at, id) indexes also
-- answer the dashboard's counts from the index alone (Index Only Scan) and
-- its recent list; they replace the earlier indexes without id.

drop index public.articles_user_id_created_at_idx;
drop index public.articles_user_id_status_created_at_idx;

-- Newest and oldest (scanned backwards or forwards), dashboard total and recent list.
create index articles_user_id_created_at_id_idx on public.articles (user_id, created_at, id);
-- The same within one status (the list's status filter, the dashboard's draft count).
create index articles_user_id_status_created_at_id_idx on public.articles (user_id, status, created_at, id);
-- Recently updated.
create index articles_user_id_updated_at_id_idx on public.articles (user_id, updated_at, id);
-- By title.
create index articles_user_id_title_id_idx on public.articles (user_id, title, id);
