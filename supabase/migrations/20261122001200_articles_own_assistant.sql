-- An article may only name one of its owner's assistants. Foreign keys are
-- checked without RLS, so the plain key let an article point at another
-- user's assistant (and probe whether an id exists).

alter table public.assistants
  add constraint assistants_id_user_id_key unique (id, user_id);

alter table public.articles
  drop constraint articles_assistant_id_fkey,
  add constraint articles_assistant_id_user_id_fkey
    foreign key (assistant_id, user_id) references public.assistants (id, user_id) on delete set null (assistant_id);

drop index public.articles_assistant_id_idx;
create index articles_assistant_id_user_id_idx on public.articles (assistant_id, user_id);
