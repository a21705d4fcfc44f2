-- An assistant's image style (migration 20261218000100): one of the image
-- screens' style presets or null; the owner writes it, another user cannot
-- read or change it.
begin;
\ir _helpers.psql
select plan(6);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.assistants (id, user_id, name) values
  ('a3300000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s writer');

select tests.authenticate_as('alice');
select results_eq(
  $$ insert into public.assistants (user_id, name, image_style)
     values (tests.get_supabase_uid('alice'), 'Sketches', 'line-art') returning image_style $$,
  $$ values ('line-art') $$,
  'alice creates an assistant that draws in line art'
);
select results_eq(
  $$ update public.assistants set image_style = 'origami' where id = 'a3300000-0000-4000-8000-000000000001'
     returning image_style $$,
  $$ values ('origami') $$,
  'alice changes her assistant''s image style'
);
select throws_ok(
  $$ update public.assistants set image_style = 'watercolour' where id = 'a3300000-0000-4000-8000-000000000001' $$,
  '23514', null, 'a style that is not one of the presets is refused'
);
select results_eq(
  $$ update public.assistants set image_style = null where id = 'a3300000-0000-4000-8000-000000000001'
     returning image_style $$,
  $$ values (null::text) $$,
  'alice clears it (the default style applies)'
);

select tests.authenticate_as('bob');
select is_empty(
  $$ select image_style from public.assistants where id = 'a3300000-0000-4000-8000-000000000001' $$,
  'bob does not see alice''s assistant''s style'
);
select is_empty(
  $$ update public.assistants set image_style = 'isometric' where id = 'a3300000-0000-4000-8000-000000000001'
     returning id $$,
  'bob cannot change it'
);

select * from finish();
rollback;
