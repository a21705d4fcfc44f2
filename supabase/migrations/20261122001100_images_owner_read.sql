-- Owners must see their own objects in the images bucket: Storage's remove,
-- upsert and list filter by name or use RETURNING, which applies SELECT
-- policies too. Without this, removing an image silently left it public.

create policy "Users can view images in their own folder"
  on storage.objects for select to authenticated
  using (bucket_id = 'images' and (storage.foldername(name))[1] = (select auth.uid())::text);
