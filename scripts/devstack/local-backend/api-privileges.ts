/**
 * @supabase/lite grants every table and sequence in each schema with RLS
 * tables to anon, authenticated and service_role, and sets default
 * privileges doing the same, the first time it serves a request with a role
 * (BasePostgresConnection.ensureRlsContext, once per connection). Hosted
 * Supabase does no such thing, and our migrations revoke on purpose (secret
 * tables, column-only write grants). So the local backend records the API
 * roles' privileges in `public` after the migrations, lets lite do its grants
 * at once, revokes exactly what lite added (giving back the column grants
 * such a revoke takes with it), and refuses to start if lite grants again
 * afterwards.
 */

/** Runs one literal SQL statement (lite's exec mangles bind parameters). */
export type ExecSql = <Row>(query: string) => Promise<Row[]>;

export type Privilege = {
  /** `table`, `column`, `sequence`, `default:<r|S|f|T>` (default privileges of a role) or `schema`. */
  kind: string;
  /** The object (`public.articles`, `public.articles (title)`), the role whose defaults these are, or the schema. */
  object: string;
  grantee: string;
  privilege: string;
};

const API_ROLES = "('anon', 'authenticated', 'service_role')";

const PRIVILEGES_SQL = `
  select case c.relkind when 'S' then 'sequence' else 'table' end as kind,
         format('%I.%I', n.nspname, c.relname) as object,
         a.grantee::regrole::text as grantee, a.privilege_type as privilege
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  cross join lateral aclexplode(c.relacl) a
  where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
    and a.grantee <> 0 and a.grantee::regrole::text in ${API_ROLES}
  union all
  select 'column', format('%I.%I (%I)', n.nspname, c.relname, at.attname),
         a.grantee::regrole::text, a.privilege_type
  from pg_attribute at
  join pg_class c on c.oid = at.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  cross join lateral aclexplode(at.attacl) a
  where n.nspname = 'public' and at.attnum > 0 and not at.attisdropped
    and a.grantee <> 0 and a.grantee::regrole::text in ${API_ROLES}
  union all
  select 'default:' || d.defaclobjtype::text, quote_ident(d.defaclrole::regrole::text),
         a.grantee::regrole::text, a.privilege_type
  from pg_default_acl d
  cross join lateral aclexplode(d.defaclacl) a
  where d.defaclnamespace = 'public'::regnamespace
    and a.grantee <> 0 and a.grantee::regrole::text in ${API_ROLES}
  union all
  select 'schema', 'public', a.grantee::regrole::text, a.privilege_type
  from pg_namespace n
  cross join lateral aclexplode(n.nspacl) a
  where n.nspname = 'public' and a.grantee <> 0 and a.grantee::regrole::text in ${API_ROLES}
  order by 1, 2, 3, 4`;

export async function apiRolePrivileges(sql: ExecSql): Promise<Privilege[]> {
  return await sql<Privilege>(PRIVILEGES_SQL);
}

const key = (p: Privilege) => `${p.kind} ${p.object} ${p.grantee} ${p.privilege}`;

/** Privileges in `after` that `before` lacks. */
export function addedPrivileges(before: Privilege[], after: Privilege[]): Privilege[] {
  const had = new Set(before.map(key));
  return after.filter((p) => !had.has(key(p)));
}

const DEFAULT_OBJECT_TYPES: Record<string, string> = { r: "tables", S: "sequences", f: "functions", T: "types" };

const quoteRole = (role: string) => `"${role.replaceAll('"', '""')}"`;

/** The statement that takes `p` back. */
export function revokeStatement(p: Privilege): string {
  const grantee = quoteRole(p.grantee);
  if (p.kind === "table") return `revoke ${p.privilege} on table ${p.object} from ${grantee}`;
  if (p.kind === "sequence") return `revoke ${p.privilege} on sequence ${p.object} from ${grantee}`;
  if (p.kind === "schema") return `revoke ${p.privilege} on schema ${p.object} from ${grantee}`;
  const objects = DEFAULT_OBJECT_TYPES[p.kind.slice("default:".length)];
  if (!objects) throw new Error(`unexpected default privilege kind ${p.kind}`);
  return `alter default privileges for role ${p.object} in schema public revoke ${p.privilege} on ${objects} from ${grantee}`;
}

/**
 * The statement that gives `p` back: revoking a table-wide privilege also
 * revokes that privilege on every column (PostgreSQL's REVOKE), so the
 * column grants of the migrations are granted again.
 */
export function regrantStatement(p: Privilege): string {
  if (p.kind !== "column") throw new Error(`only column privileges are given back, not ${p.kind} ${p.object}`);
  const [, table, column] = /^(.*) \((.*)\)$/.exec(p.object) ?? [];
  return `grant ${p.privilege} (${column}) on table ${table} to ${quoteRole(p.grantee)}`;
}

/**
 * Makes lite do its one-time grants now (`triggerLiteGrants` sends it a
 * request), then revokes whatever it added in `public`, so the API roles keep
 * exactly the privileges the migrations gave them. A second request proves
 * lite does not grant again; if it does, this throws rather than serve an API
 * more open than hosted Supabase.
 */
/**
 * Throws when the database grants new objects in public to the API roles by
 * default: left by lite before the local backend undid its grants (or set on
 * purpose), and then the table grants in it cannot be trusted either.
 */
export async function refuseDefaultGrants(sql: ExecSql): Promise<void> {
  const defaults = (await apiRolePrivileges(sql)).filter((p) => p.kind.startsWith("default:"));
  if (defaults.length > 0) {
    throw new Error(
      "Refusing to start: this database grants new objects in schema public to the API roles by default " +
        `(${defaults.map(key).join("; ")}), unlike hosted Supabase with [api] auto_expose_new_tables = false. ` +
        "Local data from an earlier version of the local backend has this: delete supabase/.temp/pglite (or the " +
        "LOCAL_PGLITE_DIR / DATABASE_URL database) to start afresh.",
    );
  }
}

async function runAll(sql: ExecSql, statements: string[]): Promise<void> {
  if (statements.length > 0) await sql(statements.join(";\n"));
}

export async function keepMigrationPrivileges(sql: ExecSql, triggerLiteGrants: () => Promise<void>): Promise<void> {
  await refuseDefaultGrants(sql);
  const intended = await apiRolePrivileges(sql);
  await triggerLiteGrants();
  // One batch each: lite adds some three hundred grants on every start, and a
  // statement at a time was a tenth of a warm start. The check below is unchanged.
  await runAll(sql, addedPrivileges(intended, await apiRolePrivileges(sql)).map(revokeStatement));
  const taken = addedPrivileges(await apiRolePrivileges(sql), intended);
  await runAll(sql, taken.filter((privilege) => privilege.kind === "column").map(regrantStatement));
  await triggerLiteGrants();
  const after = await apiRolePrivileges(sql);
  const added = addedPrivileges(intended, after);
  const lost = addedPrivileges(after, intended);
  if (added.length > 0 || lost.length > 0) {
    throw new Error(
      "Refusing to start: the local backend could not keep the API roles' privileges as the migrations set them " +
        `(added: ${added.map(key).join("; ") || "none"}; lost: ${lost.map(key).join("; ") || "none"}). ` +
        "@supabase/lite grants tables to anon/authenticated/service_role by itself; hosted Supabase does not.",
    );
  }
}
