-- keyword_data_requests: every paid keyword-data request (issue 25): what
-- the provider answered, for which topic, location and language, and what
-- it cost. It is both the spend record and the per-user cache: the
-- keyword-data function answers a topic asked again within 30 days from
-- the newest row, at no cost.
--
-- Written only by the keyword-data edge function (secret key), after the
-- provider answered and charged; the owner may read their own (their spend
-- and their cached results); other users and anon nothing.

create table public.keyword_data_requests (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  provider text not null constraint keyword_data_requests_provider_known check (provider in ('dataforseo')),
  -- The topic as the cache compares it: lower case, spaces collapsed.
  topic text not null constraint keyword_data_requests_topic_length check (length(topic) between 1 and 200),
  location_code integer not null,
  language_code text not null,
  -- The provider's own figure for the request (DataForSEO's `cost`), in US dollars.
  cost_usd numeric(12, 6) not null constraint keyword_data_requests_cost_not_negative check (cost_usd >= 0),
  keywords jsonb not null constraint keyword_data_requests_keywords_list check (jsonb_typeof(keywords) = 'array'),
  -- Set when the provider refused the request but billed it anyway: spend, never a cached answer.
  refused_reason text constraint keyword_data_requests_refused_reason_length check (length(refused_reason) <= 500),
  created_at timestamptz not null default now()
);

-- The cache lookup (newest answer for a topic), and the spend of a period.
create index keyword_data_requests_lookup_idx
  on public.keyword_data_requests (user_id, provider, topic, location_code, language_code, created_at desc);
create index keyword_data_requests_user_id_created_at_idx on public.keyword_data_requests (user_id, created_at desc);

alter table public.keyword_data_requests enable row level security;

revoke all on table public.keyword_data_requests from anon, authenticated;
grant select on table public.keyword_data_requests to authenticated;
grant all on table public.keyword_data_requests to service_role;

create policy "Users can view their own keyword data requests"
  on public.keyword_data_requests for select to authenticated
  using ((select auth.uid()) = user_id);

-- The caller's spend since a moment, in US dollars. Security invoker: the
-- policy above limits the sum to the caller's own rows (only authenticated
-- may call it).
create function public.keyword_data_spend(since timestamptz)
returns numeric
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(sum(r.cost_usd), 0)
  from public.keyword_data_requests r
  where r.created_at >= keyword_data_spend.since;
$$;

revoke execute on function public.keyword_data_spend(timestamptz) from public, anon;
grant execute on function public.keyword_data_spend(timestamptz) to authenticated;
