-- Only real images enter the images bucket: objects are written by the
-- generate-image edge function alone (secret key), which checks the bytes
-- are a PNG, JPEG, WebP or GIF image, records each one (with its size, for
-- the storage quota) and never overwrites. The browser kept the rights to
-- upload and replace objects in its own folder, which let anyone put an
-- HTML or SVG page on the app's origin under an image name. It keeps
-- reading (listing) and deleting its own objects: the image library
-- deletes files.
--
-- The bucket's allowed_mime_types and file_size_limit (10 MiB) stay as a
-- second line for the function's own uploads.

drop policy "Users can upload images to their own folder" on storage.objects;
drop policy "Users can replace images in their own folder" on storage.objects;
