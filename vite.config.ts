import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type Plugin } from "vite";
import { CSP_REPORT_PATH, logCspReports } from "./scripts/devstack/app-server/csp-reports.ts";
import {
  inlineHash,
  inlineHashes,
  pageHeaders,
  staticHostHeadersFile,
  vercelConfigFile,
} from "./scripts/devstack/app-server/security-headers.ts";
import { localBackend } from "./scripts/devstack/local-backend/vite-plugin.ts";
import { signInSnapshot } from "./scripts/build/prerender/sign-in-snapshot.ts";

const repo = import.meta.dirname;
const port = Number(process.env.PORT ?? 5173);
const appOrigin = `http://127.0.0.1:${port}`;
const functionsUrl = `http://127.0.0.1:${process.env.FUNCTIONS_PORT ?? "54329"}`;

/**
 * Every build carries `_headers` (Netlify, Cloudflare Pages) and
 * `vercel.json` (Vercel, deploying the build folder) with the app's security
 * headers for the API it was built against, and the hashes of index.html's
 * inline script and stylesheet as the build wrote them.
 */
function staticHostHeaders(apiUrl: string | undefined): Plugin {
  return {
    name: "inkpress-static-host-headers",
    apply: "build",
    generateBundle: {
      // After index.html has been written into the bundle.
      order: "post",
      async handler(_options, bundle) {
        const page = bundle["index.html"];
        if (page?.type !== "asset") throw new Error("index.html is not in the bundle");
        const inline = await inlineHashes(String(page.source));
        this.emitFile({ type: "asset", fileName: "_headers", source: staticHostHeadersFile(apiUrl, inline) });
        this.emitFile({ type: "asset", fileName: "vercel.json", source: vercelConfigFile(apiUrl, inline) });
      },
    },
  };
}

/**
 * `npm start` rebuilds only when the build's inputs changed
 * (scripts/build/build.ts): it asks for the source files each build
 * bundled by setting INKPRESS_BUILD_INPUTS_FILE.
 */
function recordBuildInputs(file: string): Plugin {
  return {
    name: "inkpress-record-build-inputs",
    apply: "build",
    generateBundle() {
      const sources = [...this.getModuleIds()]
        .filter((id) => id.startsWith(repo + "/") && !id.includes("/node_modules/"))
        .map((id) => id.slice(repo.length + 1).split("?")[0]);
      writeFileSync(file, JSON.stringify([...new Set(sources)].sort()) + "\n");
    },
  };
}

/**
 * `npm run dev` (scripts/devstack/start.ts --dev): the dev server with the embedded
 * backend mounted (the default mode); `--mode hosted` (`npm run
 * dev:frontend`): the front end alone against VITE_SUPABASE_URL;
 * `vite build`: the production bundle that `npm start` serves.
 *
 * The dev server reaches no file outside what the app imports (server.fs:
 * web/, the shared zod schemas, node_modules), never the local data, keys
 * or .env files, and answers CORS only for its own origin (Vite's default
 * lets any page on localhost read its modules). Its pages carry the
 * production security headers, loosened only for what hot reload needs.
 */
export default defineConfig(async ({ mode }) => {
  const apiUrl = loadEnv(mode, repo, "VITE_").VITE_SUPABASE_URL || undefined;
  const reactRefreshPreamble = react.preambleCode.replace("__BASE__", "/");
  const buildInputsFile = process.env.INKPRESS_BUILD_INPUTS_FILE;
  return {
    root: "web",
    envDir: "..",
    publicDir: "public",
    // What the browser shares with the functions: requests, results, limits and messages.
    resolve: { alias: { "@contracts": resolve(repo, "supabase/functions/_shared/contracts") } },
    plugins: [
      react(),
      signInSnapshot(),
      staticHostHeaders(apiUrl),
      ...(buildInputsFile ? [recordBuildInputs(buildInputsFile)] : []),
      ...(mode === "hosted" ? [] : [localBackend()]),
      {
        name: "inkpress-csp-reports",
        configureServer(server) {
          server.middlewares.use(CSP_REPORT_PATH, logCspReports);
        },
      } satisfies Plugin,
    ],
    server: {
      host: "127.0.0.1",
      port,
      strictPort: true,
      proxy: { "/functions/v1": { target: functionsUrl, changeOrigin: false } },
      cors: { origin: appOrigin },
      headers: pageHeaders({
        apiUrl,
        devServer: { origin: appOrigin, inlineHashes: [await inlineHash(reactRefreshPreamble)] },
        reportUri: CSP_REPORT_PATH,
      }),
      fs: {
        strict: true,
        allow: [resolve(repo, "web"), resolve(repo, "supabase/functions/_shared/contracts"), resolve(repo, "node_modules")],
        deny: [".env", ".env.*", "*.{crt,pem,key}", "**/.git/**", "**/supabase/.temp/**", "local-keys.json"],
      },
    },
    build: {
      outDir: "../dist",
      emptyOutDir: true,
      target: "es2022",
    },
  };
});
