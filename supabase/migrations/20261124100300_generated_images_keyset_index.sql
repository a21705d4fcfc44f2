-- Keyset pagination of the image library (newest first): (created_at, id) is
-- unique, so "Load more" continues after the last image shown with an index
-- range condition instead of an offset. Replaces the index without id.

drop index public.generated_images_user_id_created_at_idx;
create index generated_images_user_id_created_at_id_idx on public.generated_images (user_id, created_at, id);
