-- generated_images: the user's image library. Every image is copied into the
-- images bucket at once (provider URLs expire); only our Storage URL is kept.
-- Rows are written by the generate-image edge function.

create table public.generated_images (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  storage_path text not null unique,
  public_url text not null,
  prompt text not null,
  negative_prompt text not null default '',
  image_size text not null,
  style_preset text not null,
  num_inference_steps integer not null,
  guidance_scale numeric(4, 1) not null,
  content_type text not null,
  byte_size integer not null,
  created_at timestamptz not null default now()
);

create index generated_images_user_id_created_at_idx on public.generated_images (user_id, created_at desc);

alter table public.generated_images enable row level security;

revoke all on table public.generated_images from anon, authenticated;
grant select, delete on table public.generated_images to authenticated;
grant all on table public.generated_images to service_role;

create policy "Users can view their own images"
  on public.generated_images for select to authenticated
  using ((select auth.uid()) = user_id);

create policy "Users can delete their own images"
  on public.generated_images for delete to authenticated
  using ((select auth.uid()) = user_id);
