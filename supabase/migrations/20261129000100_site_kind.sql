-- wordpress_sites.kind: a connected site is a WordPress site or a Ghost site.
-- The table keeps its name (publications, articles.wordpress_site_ids, the
-- scheduler and the calendar all point at it); the kind says which API the
-- publisher speaks. For a Ghost site, base_url is the Admin API URL the user
-- copied from the custom integration, and there is no WordPress user name:
-- username is required for WordPress sites only. The kind is set by the
-- connect functions (service_role) and never changes: the browser may still
-- update the name only.

alter table public.wordpress_sites
  add column kind text not null default 'wordpress'
    constraint wordpress_sites_kind_check check (kind in ('wordpress', 'ghost'));

alter table public.wordpress_sites alter column username drop not null;

alter table public.wordpress_sites
  add constraint wordpress_sites_username_for_wordpress check (kind <> 'wordpress' or username is not null),
  add constraint wordpress_sites_seo_plugin_for_wordpress check (kind = 'wordpress' or seo_plugin is null);
