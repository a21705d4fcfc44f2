-- Size limits on user-written text (migration 20261126000100, matching
-- supabase/functions/_shared/contracts/text_limits.ts): every limit accepts
-- its maximum and refuses one more, whoever writes (the owner through the
-- API here; the secret key is held to them too).
begin;
\ir _helpers.psql
select plan(27);

select tests.create_supabase_user('alice');
select tests.clear_authentication();
insert into public.articles (id, user_id, title) values
  ('a2000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Limits');
insert into public.wordpress_sites (id, user_id, name, site_url, username, base_url) values
  ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Blog', 'https://alice.example', 'alice',
   'https://alice.example/wp-json/');

create function tests.refused(statement text) returns text language plpgsql as $$
begin
  execute statement;
  return 'accepted';
exception when check_violation then
  return 'refused';
end;
$$;

-- articles, as the owner (columns the browser writes itself)
select tests.authenticate_as('alice');
select is(tests.refused($$ update public.articles set excerpt = repeat('e', 2000) $$), 'accepted', 'excerpt: 2000 characters');
select is(tests.refused($$ update public.articles set excerpt = repeat('e', 2001) $$), 'refused', 'excerpt: not 2001');
select is(tests.refused($$ update public.articles set meta_description = repeat('m', 320) $$), 'accepted', 'meta description: 320');
select is(tests.refused($$ update public.articles set meta_description = repeat('m', 321) $$), 'refused', 'meta description: not 321');
select is(tests.refused($$ update public.articles set focus_keyword = repeat('k', 100) $$), 'accepted', 'focus keyword: 100');
select is(tests.refused($$ update public.articles set focus_keyword = repeat('k', 101) $$), 'refused', 'focus keyword: not 101');
select is(tests.refused($$ update public.articles set slug = repeat('s', 200) $$), 'accepted', 'slug: 200');
select is(tests.refused($$ update public.articles set slug = repeat('s', 201) $$), 'refused', 'slug: not 201');
select is(
  tests.refused($$ update public.articles set categories = array(select rpad(i::text, 100, 'c') from generate_series(0, 19) i) $$),
  'accepted', 'categories: 20 of 100 characters'
);
select is(
  tests.refused($$ update public.articles set categories = array(select 'c' || i from generate_series(0, 20) i) $$),
  'refused', 'categories: not 21'
);
select is(tests.refused($$ update public.articles set categories = array[repeat('c', 101)] $$), 'refused', 'categories: no item of 101');
select is(
  tests.refused($$ update public.articles set tags = array(select repeat('t', 99) || (i % 10) from generate_series(0, 49) i) $$),
  'accepted', 'tags: 50 of 100 characters'
);
select is(
  tests.refused($$ update public.articles set tags = array(select 't' || i from generate_series(0, 50) i) $$),
  'refused', 'tags: not 51'
);
select is(tests.refused($$ update public.articles set tags = array['ok', repeat('t', 101)] $$), 'refused', 'tags: no item of 101');
select is(
  tests.refused($$ update public.articles set tags = array['a' || chr(10) || repeat('t', 99), repeat('t', 99)] $$),
  'refused', 'tags: no newline inside an item (it would hide a long item)'
);
select is(tests.refused($$ update public.articles set tags = array['ok', ''] $$), 'refused', 'tags: no empty item');
select is(tests.refused($$ update public.articles set tags = array['ok', null] $$), 'refused', 'tags: no null item');
select is(
  tests.refused($$ update public.articles set featured_image_url = 'javascript:alert(1)' $$),
  'refused', 'featured image URL: http(s) only'
);
select tests.clear_authentication();

-- articles.content, as save-article writes it (secret key)
select tests.authenticate_as_service_role();
select is(tests.refused($$ update public.articles set content = repeat('c', 250000) $$), 'accepted', 'content: 250,000 characters');
select is(tests.refused($$ update public.articles set content = repeat('c', 250001) $$), 'refused', 'content: not 250,001 (20 MiB articles are refused)');

-- profiles (updated by their owner), wordpress sites, generated images, publications
select tests.authenticate_as('alice');
select is(tests.refused($$ update public.profiles set first_name = repeat('f', 100), last_name = repeat('l', 100), phone_number = repeat('1', 30) $$),
  'accepted', 'profile: names of 100 and a phone number of 30');
select is(tests.refused($$ update public.profiles set first_name = repeat('f', 5 * 1024 * 1024) $$), 'refused', 'profile: not a 5 MiB first name');
select is(tests.refused($$ update public.profiles set phone_number = repeat('1', 31) $$), 'refused', 'profile: phone number not 31');
select tests.authenticate_as_service_role();
select is(tests.refused($$ update public.wordpress_sites set site_url = 'https://' || repeat('x', 1993) $$), 'refused', 'site URL: at most 2000');
select is(
  tests.refused($$ insert into public.generated_images (user_id, storage_path, public_url, prompt, image_size, style_preset,
      num_inference_steps, guidance_scale, content_type, byte_size)
    values (tests.get_supabase_uid('alice'), 'x.png', 'https://x/x.png', repeat('p', 2001), 'square_hd', 'photographic', 30, 7.5, 'image/png', 1) $$),
  'refused', 'image prompt: at most 2000'
);
select is(
  tests.refused($$ insert into public.publications (user_id, article_id, site_id, link)
    values (tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000001', 'javascript:alert(document.cookie)') $$),
  'refused', 'publication link: http(s) only'
);
select is(
  tests.refused($$ insert into public.publications (user_id, article_id, site_id, link)
    values (tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000001', 'https://alice.example/?p=1') $$),
  'accepted', 'publication link: an https permalink'
);
select tests.clear_authentication();

select * from finish();
rollback;
