/**
 * A throwaway PostgreSQL 15 database for a benchmark: the clusters of the
 * test suites (scripts/testing/test-db/cluster.sh: initdb in a temp dir,
 * 127.0.0.1 on a free port, fsync off), in a bash child that keeps it until
 * its stdin closes, then stops and removes it. Needs PostgreSQL 15 and
 * pgvector as `npm run test:integration:pg` does.
 */
export type PostgresCluster = { url: string; stop(): Promise<void> };

const READY_PREFIX = "CLUSTER_READY ";

export async function startPostgresCluster(database = "inkpress_bench"): Promise<PostgresCluster> {
  const script = [
    "set -euo pipefail",
    "CLUSTER_LOG_PREFIX=bench-pg",
    "source scripts/testing/test-db/cluster.sh",
    "cluster_require_packages",
    "cluster_require_pgvector",
    "cluster_start",
    `psql_cluster -c 'create database ${database}' >/dev/null`,
    `echo "${READY_PREFIX}\${CLUSTER_URL/\\/postgres\\?/\\/${database}?}"`,
    "read -r _ || true",
  ].join("\n");
  const child = new Deno.Command("bash", { args: ["-c", script], stdin: "piped", stdout: "piped", stderr: "inherit" }).spawn();
  const stdin = child.stdin.getWriter();
  let output = "";
  for await (const chunk of child.stdout.pipeThrough(new TextDecoderStream())) {
    output += chunk;
    const line = output.split("\n").find((candidate) => candidate.startsWith(READY_PREFIX));
    if (line) {
      return {
        url: line.slice(READY_PREFIX.length).trim(),
        async stop() {
          await stdin.close().catch(() => {});
          await child.status;
        },
      };
    }
  }
  throw new Error(`the PostgreSQL cluster did not start (exit ${(await child.status).code}):\n${output}`);
}
