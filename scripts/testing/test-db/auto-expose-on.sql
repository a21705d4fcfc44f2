-- Hosted Supabase with "Default privileges for new entities" on (every
-- project's default until 2026-10-30; `[api] auto_expose_new_tables = true`
-- for the CLI): whatever postgres creates in public is granted to the API
-- roles. Applied by test-db.sh after supabase-platform.sql for its second
-- run, so that a migration relying on "not granted by default" instead of an
-- explicit REVOKE fails the pgTAP suite.

\set ON_ERROR_STOP on

alter default privileges for role postgres in schema public
  grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on sequences to anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on functions to anon, authenticated, service_role;
