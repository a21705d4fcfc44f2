-- On sign-up: the profile from the sign-up metadata, and three default
-- assistants so the Create Post screen is usable at once.

create function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, first_name, last_name, phone_number)
  values (
    new.id,
    coalesce(new.raw_user_meta_data ->> 'first_name', ''),
    coalesce(new.raw_user_meta_data ->> 'last_name', ''),
    coalesce(new.raw_user_meta_data ->> 'phone_number', '')
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

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();
