-- An assistant's default generation settings (issue 26): a word target, a
-- tone, a point of view and the elements to include. Each is null when not
-- set (the model decides); a Create request or a batch may override each
-- (generationSettingsSchema in _shared/contracts/generation_settings.ts,
-- whose choices and limits these checks repeat). Row-level security is
-- unchanged: the owner writes them like the assistant's other columns.

alter table public.assistants
  add column word_target integer,
  add column tone text,
  add column point_of_view text,
  add column include_elements text[],
  add constraint assistants_word_target_range check (word_target between 300 and 5000),
  add constraint assistants_tone_check
    check (tone in ('neutral', 'friendly', 'professional', 'persuasive', 'playful', 'authoritative')),
  add constraint assistants_point_of_view_check
    check (point_of_view in ('first-person-singular', 'first-person-plural', 'second-person', 'third-person')),
  add constraint assistants_include_elements_check
    check (include_elements <@ array['key-takeaways', 'table', 'faq', 'call-to-action']::text[]
      and array_position(include_elements, null) is null);

grant insert (word_target, tone, point_of_view, include_elements),
  update (word_target, tone, point_of_view, include_elements)
  on table public.assistants to authenticated;
