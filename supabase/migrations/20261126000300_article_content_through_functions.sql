-- Article HTML is stored only after the server sanitised it: the
-- save-article edge function (secret key) writes `content`; the browser keeps
-- its grants on every other column. Without this, any signed-in user could
-- store a <script> through the REST API and have it published to WordPress.

revoke insert (content) on table public.articles from authenticated;
revoke update (content) on table public.articles from authenticated;
