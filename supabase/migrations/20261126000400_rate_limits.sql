-- Per-user rate limits of the edge functions that cost money or reach out to
-- other servers (AI text, image generation, WordPress connection tests).
--
-- Algorithm: a sliding-window log. Each admitted request is an event with a
-- cost (1 per call; the number of images for image generation); a request is
-- admitted when the costs of the user's events in the last `window` seconds
-- plus its own cost stay within `limit`. Unlike fixed windows, this never
-- lets 2 × limit through around a window boundary, and it gives an exact
-- Retry-After: the moment enough of the oldest events leave the window.
-- Refused requests cost nothing. Old events are deleted as the user's next
-- request is counted, so a user holds at most `limit` rows per action.
--
-- Atomicity: consume_rate_limit() takes a transaction-scoped advisory lock
-- on (user, action) before it reads, so concurrent requests of one user are
-- counted one after another and 30 parallel calls cannot all see "0 used".
--
-- The events live in the private schema (not exposed by the Data API); only
-- the secret key (edge functions) may call consume_rate_limit().

create table private.rate_limit_events (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  action text not null check (length(action) between 1 and 64),
  occurred_at timestamptz not null,
  cost integer not null check (cost > 0)
);

create index rate_limit_events_user_id_action_occurred_at_idx
  on private.rate_limit_events (user_id, action, occurred_at);

alter table private.rate_limit_events enable row level security;

revoke all on table private.rate_limit_events from public, anon, authenticated, service_role;

-- Counts a request of `p_cost` against the user's limit of `p_limit` per
-- `p_window_seconds` for `p_action`. Returns whether it was admitted, and
-- otherwise after how many seconds it would be (null: never, the cost alone
-- is over the limit); `remaining` is what is left in the window afterwards.
create function public.consume_rate_limit(
  p_user_id uuid,
  p_action text,
  p_cost integer,
  p_limit integer,
  p_window_seconds integer
)
returns table (allowed boolean, retry_after_seconds integer, remaining integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  window_length interval;
  now_ts timestamptz;
  used integer;
  free_at timestamptz;
begin
  if p_user_id is null or p_action is null or p_cost is null or p_cost < 1
     or p_limit is null or p_limit < 1 or p_window_seconds is null or p_window_seconds < 1 then
    raise exception 'consume_rate_limit: user, action, a positive cost, limit and window are required'
      using errcode = '22023';
  end if;
  window_length := make_interval(secs => p_window_seconds);

  perform pg_advisory_xact_lock(hashtextextended('rate_limit:' || p_user_id::text || ':' || p_action, 0));
  -- Read the clock after the lock: a request that waited is counted when it runs.
  now_ts := clock_timestamp();

  delete from private.rate_limit_events e
  where e.user_id = p_user_id and e.action = p_action and e.occurred_at <= now_ts - window_length;

  select coalesce(sum(e.cost), 0)::integer into used
  from private.rate_limit_events e
  where e.user_id = p_user_id and e.action = p_action;

  if p_cost > p_limit then
    return query select false, null::integer, greatest(p_limit - used, 0);
    return;
  end if;

  if used + p_cost <= p_limit then
    insert into private.rate_limit_events (user_id, action, occurred_at, cost)
    values (p_user_id, p_action, now_ts, p_cost);
    return query select true, 0, p_limit - used - p_cost;
    return;
  end if;

  -- The oldest event whose departure (with those before it) makes room.
  select w.occurred_at into free_at
  from (
    select e.occurred_at, sum(e.cost) over (order by e.occurred_at, e.id rows unbounded preceding) as freed
    from private.rate_limit_events e
    where e.user_id = p_user_id and e.action = p_action
  ) w
  where used - w.freed + p_cost <= p_limit
  order by w.occurred_at
  limit 1;

  return query select
    false,
    greatest(1, ceil(extract(epoch from (free_at + window_length - now_ts))))::integer,
    greatest(p_limit - used, 0);
end;
$$;

revoke execute on function public.consume_rate_limit(uuid, text, integer, integer, integer)
  from public, anon, authenticated;
grant execute on function public.consume_rate_limit(uuid, text, integer, integer, integer) to service_role;
