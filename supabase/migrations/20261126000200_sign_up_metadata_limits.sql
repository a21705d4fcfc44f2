-- Sign-up metadata (the `data` a client passes to auth.signUp, stored in
-- auth.users.raw_user_meta_data by the auth server) is the caller's to
-- choose: without a rule it could hold megabytes. Two checks:
--
-- * On sign-up, handle_new_user() accepts only first_name, last_name and
--   phone_number (strings within the profiles limits: 100, 100, 30
--   characters) plus the identity claims the auth server itself writes
--   (sub, email, email_verified, phone_verified); anything else makes the
--   sign-up fail with a clear exception (GoTrue answers it as a database
--   error), so no account is created with it.
-- * Afterwards (auth.updateUser({ data })), limit_user_metadata() refuses
--   metadata over 4 KiB in total, whatever its keys: the auth server merges
--   its own claims in later, so the keys cannot be fixed there.

create or replace function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  metadata jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  key text;
  value jsonb;
  max_length integer;
begin
  if jsonb_typeof(metadata) <> 'object' then
    raise exception 'Sign-up metadata must be a JSON object' using errcode = '22023';
  end if;
  for key, value in select * from jsonb_each(metadata) loop
    max_length := case key
      when 'first_name' then 100
      when 'last_name' then 100
      when 'phone_number' then 30
      when 'sub' then 64
      when 'email' then 320
      when 'email_verified' then 5
      when 'phone_verified' then 5
    end;
    if max_length is null then
      raise exception 'Sign-up metadata may not contain "%"', left(key, 64)
        using errcode = '22023', hint = 'Allowed: first_name, last_name, phone_number';
    end if;
    if jsonb_typeof(value) not in ('string', 'boolean', 'null') then
      raise exception 'Sign-up metadata "%" must be text', key using errcode = '22023';
    end if;
    if length(value #>> '{}') > max_length then
      raise exception 'Sign-up metadata "%" must be at most % characters', key, max_length using errcode = '22023';
    end if;
  end loop;

  insert into public.profiles (id, first_name, last_name, phone_number)
  values (
    new.id,
    coalesce(metadata ->> 'first_name', ''),
    coalesce(metadata ->> 'last_name', ''),
    coalesce(metadata ->> 'phone_number', '')
  );

  insert into public.assistants (user_id, name, description, instructions)
  values
    (new.id, 'SEO Blog Writer',
     'Writes a complete, search-optimised blog post from an idea.',
     'You are an experienced blog writer and SEO editor. Write an original, well-structured article '
     || 'with an engaging introduction, descriptive <h2>/<h3> headings, short paragraphs, lists where '
     || 'they help, and a conclusion. Use clean semantic HTML. Choose one precise focus keyword and use it '
     || 'naturally in the title, the first paragraph, one heading and the meta description (at most 160 '
     || 'characters). The slug is lowercase words joined by hyphens.'),
    (new.id, 'Article Polisher',
     'Improves a pasted article: clearer, tighter and SEO-ready, same meaning.',
     'You are a careful editor. Rewrite the article you are given so it reads clearly and flows well, '
     || 'fixing grammar and structure while keeping its facts, voice and meaning. Return it as clean '
     || 'semantic HTML with headings, and add the SEO fields it lacks.'),
    (new.id, 'How-To Guide Writer',
     'Turns a topic into a practical step-by-step guide.',
     'You write practical how-to guides. Start with who the guide is for and what they need, then give '
     || 'numbered steps with one action each, tips and common mistakes, and a short summary. Use clean '
     || 'semantic HTML with an ordered list for the steps.');

  return new;
end;
$$;

revoke execute on function public.handle_new_user() from public, anon, authenticated;

create function public.limit_user_metadata()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if octet_length(coalesce(new.raw_user_meta_data, '{}'::jsonb)::text) > 4096 then
    raise exception 'User metadata must be at most 4096 bytes' using errcode = '22023';
  end if;
  return new;
end;
$$;

revoke execute on function public.limit_user_metadata() from public, anon, authenticated;

create trigger on_auth_user_metadata_changed
  before update of raw_user_meta_data on auth.users
  for each row
  when (new.raw_user_meta_data is distinct from old.raw_user_meta_data)
  execute function public.limit_user_metadata();
