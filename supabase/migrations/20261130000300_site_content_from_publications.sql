-- The user's own published articles are in the content index at once, not
-- only after the next sync: when a publication becomes 'publish' with a link
-- (wordpress-publish and the scheduler record it through
-- record_publication_success), the article's title, excerpt, categories and
-- tags are upserted as the site's post; when it becomes 'draft' (published
-- again as a WordPress draft), the post is no longer public and its entry is
-- removed. 'pending' and 'failed' leave the entry as it is: the post that
-- was published before is still on the site. The next sync overwrites the
-- entry with what WordPress holds, keeping article_id.
--
-- Existing publications are added once, below.

create function public.index_published_article()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.remote_post_id is null then
    return new;
  end if;
  if new.status = 'publish' and new.link is not null then
    insert into public.site_content as c (
      user_id, site_id, remote_type, remote_id, article_id, url, title, excerpt, categories, tags, modified_at
    )
    select new.user_id, new.site_id, 'post', new.remote_post_id, a.id, new.link, a.title,
      pg_catalog.left(a.excerpt, 2000), a.categories, a.tags, coalesce(new.published_at, now())
    from public.articles a
    where a.id = new.article_id and a.user_id = new.user_id
    on conflict (site_id, remote_type, remote_id) do update set
      article_id = excluded.article_id,
      url = excluded.url,
      title = excluded.title,
      excerpt = excluded.excerpt,
      categories = excluded.categories,
      tags = excluded.tags,
      modified_at = excluded.modified_at;
  elsif new.status = 'draft' then
    delete from public.site_content c
    where c.site_id = new.site_id and c.user_id = new.user_id
      and c.remote_type = 'post' and c.remote_id = new.remote_post_id;
  end if;
  return new;
end;
$$;

revoke execute on function public.index_published_article() from public, anon, authenticated;

create trigger publications_index_published_article
  after insert or update of status, link, remote_post_id on public.publications
  for each row execute function public.index_published_article();

insert into public.site_content (
  user_id, site_id, remote_type, remote_id, article_id, url, title, excerpt, categories, tags, modified_at
)
select p.user_id, p.site_id, 'post', p.remote_post_id, a.id, p.link, a.title, left(a.excerpt, 2000),
  a.categories, a.tags, coalesce(p.published_at, p.updated_at)
from public.publications p
join public.articles a on a.id = p.article_id and a.user_id = p.user_id
where p.status = 'publish' and p.link is not null and p.remote_post_id is not null
on conflict (site_id, remote_type, remote_id) do nothing;
