-- Size limits on every user-written text column that had none, so that no
-- client (the app, supabase-js, curl) can store a 20 MiB article or a 5 MiB
-- name. The numbers match supabase/functions/_shared/schemas/text_limits.ts
-- (the forms' and functions' messages); columns that already had a limit
-- (articles.title, assistants.*, wordpress_sites.name/username, the
-- credentials, api_keys) keep it. Lengths are in characters.
--
-- Lists (categories, tags): at most N items, none null or empty, none longer
-- than L characters. A CHECK cannot hold a subquery and a helper function
-- would have to be executable by every API role, so the item length is
-- checked on the items joined by newlines (which no item may contain): no
-- run of L + 1 characters without a newline.

alter table public.articles
  add constraint articles_content_length check (length(content) <= 250000),
  add constraint articles_excerpt_length check (length(excerpt) <= 2000),
  add constraint articles_meta_description_length check (length(meta_description) <= 320),
  add constraint articles_focus_keyword_length check (length(focus_keyword) <= 100),
  add constraint articles_slug_length check (length(slug) <= 200),
  add constraint articles_featured_image_url_http
    check (featured_image_url ~* '^https?://' and length(featured_image_url) <= 2048),
  add constraint articles_categories_limits check (
    cardinality(categories) <= 20
    and array_position(categories, null) is null
    and array_position(categories, '') is null
    and array_to_string(categories, '') !~ '\n'
    and array_to_string(categories, E'\n') !~ '[^\n]{101}'
  ),
  add constraint articles_tags_limits check (
    cardinality(tags) <= 50
    and array_position(tags, null) is null
    and array_position(tags, '') is null
    and array_to_string(tags, '') !~ '\n'
    and array_to_string(tags, E'\n') !~ '[^\n]{101}'
  );

alter table public.profiles
  add constraint profiles_first_name_length check (length(first_name) <= 100),
  add constraint profiles_last_name_length check (length(last_name) <= 100),
  add constraint profiles_phone_number_length check (length(phone_number) <= 30);

alter table public.wordpress_sites
  add constraint wordpress_sites_site_url_length check (length(site_url) <= 2000),
  add constraint wordpress_sites_base_url_length check (length(base_url) <= 2000);

alter table public.generated_images
  add constraint generated_images_prompt_length check (length(prompt) <= 2000),
  add constraint generated_images_negative_prompt_length check (length(negative_prompt) <= 2000);

-- The post link WordPress answered with is shown as a link in the app: only
-- http(s) is ever stored.
alter table public.publications
  add constraint publications_link_http check (link ~* '^https?://' and length(link) <= 2048);
