-- An assistant's image style (issue 26, "Images in the body"): the style
-- preset its section images are drawn in (STYLE_PRESETS in
-- _shared/contracts/image.ts, whose choices this check repeats); null when
-- not set, and the image screens' default (photographic) applies. Row-level
-- security is unchanged: the owner writes it like the assistant's other
-- columns.

alter table public.assistants
  add column image_style text,
  add constraint assistants_image_style_check
    check (image_style in ('photographic', 'digital-art', 'comic-book', 'fantasy-art', 'isometric',
      'line-art', 'low-poly', 'origami', '3d-model'));

grant insert (image_style), update (image_style) on table public.assistants to authenticated;
