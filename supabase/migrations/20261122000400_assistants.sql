-- assistants: the user's own writing assistants (OpenAI retired its
-- Assistants API, so the "Choose Assistant" list lives here). A null model
-- means the server default.

create table public.assistants (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  name text not null check (length(name) between 1 and 120),
  description text not null default '' check (length(description) <= 500),
  instructions text not null default '' check (length(instructions) <= 20000),
  model text check (model is null or length(model) between 1 and 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index assistants_user_id_created_at_idx on public.assistants (user_id, created_at desc);

create trigger assistants_set_updated_at
  before update on public.assistants
  for each row execute function public.set_updated_at();

alter table public.assistants enable row level security;

revoke all on table public.assistants from anon, authenticated;
grant select, delete on table public.assistants to authenticated;
grant insert (user_id, name, description, instructions, model) on table public.assistants to authenticated;
grant update (name, description, instructions, model) on table public.assistants to authenticated;
grant all on table public.assistants to service_role;

create policy "Users can view their own assistants"
  on public.assistants for select to authenticated
  using ((select auth.uid()) = user_id);

create policy "Users can create their own assistants"
  on public.assistants for insert to authenticated
  with check ((select auth.uid()) = user_id);

create policy "Users can update their own assistants"
  on public.assistants for update to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);

create policy "Users can delete their own assistants"
  on public.assistants for delete to authenticated
  using ((select auth.uid()) = user_id);
