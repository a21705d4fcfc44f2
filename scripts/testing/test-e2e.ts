/**
 * `npm run test:e2e`: the Playwright suite in Debian's Chromium against
 * `npm start` (the production build) on fresh databases, with fake AI
 * providers and, when its Debian packages are installed, a real WordPress.
 * Arguments are passed to `playwright test` (e.g. a file or `-g name`).
 *
 * Two apps run, one after the other:
 *   - same-origin: the app and its API on one origin (`npm start`'s
 *     default); every spec runs against it (Playwright project "same-origin");
 *   - cross-origin: the app on http://localhost:<port>, the API on
 *     http://127.0.0.1:<port> (LOCAL_API_PORT), as on hosted Supabase, so
 *     CORS is exercised in the browser for auth, REST, storage and every
 *     function the app calls (project "cross-origin": the specs that call
 *     functions).
 * Afterwards the run fails if the apps' combined output (lite, functions,
 * scheduler) holds a secret (the secret key, the JWT secret, any stored
 * provider key or application password, any secret key or JWT) or a CSP
 * violation, or if their data folders are not owner-only.
 *
 * The fake providers are strict (they refuse what the real services refuse):
 * OpenAI at OPENAI_BASE_URL, OpenRouter at OPENROUTER_BASE_URL, and a local
 * Ollama a user can name as their own server (its loopback host on
 * PRIVATE_HOST_ALLOWLIST, as an operator would allow it).
 *
 * Playwright tests read: E2E_BASE_URL, E2E_API_URL, E2E_PUBLISHABLE_KEY,
 * E2E_SECRET_KEY, E2E_OPENAI_URL, E2E_OPENROUTER_URL, E2E_OLLAMA_URL,
 * E2E_FAL_URL, E2E_DATAFORSEO_URL (a fake DataForSEO), E2E_AUDITED_SITE_URL
 * (a website for the SEO audit, on the allowlist), E2E_APP_LOG (the app's
 * output), and (when WordPress runs)
 * E2E_WP_URL, E2E_WP_USER, E2E_WP_APP_PASSWORD.
 */
import { startAppProcess } from "./e2e/app-process.ts";
import { cspViolations, findSecrets, type Secret, storedSecrets } from "./e2e/log-audit.ts";
import { startFakeFal } from "../../supabase/functions/_testing/fakes/fal_server.ts";
import { startFakeOpenAI } from "../../supabase/functions/_testing/fakes/openai_server.ts";
import { startFakeDataForSeo } from "../../supabase/functions/_testing/fakes/dataforseo_server.ts";
import { startAuditedSite } from "../../supabase/functions/_testing/fakes/audited_site.ts";
import { ensureLocalKeys } from "../devstack/local-backend/keys.ts";
import { LITE_TEMP_DIR } from "../devstack/local-backend/lite-app.ts";
import { looserThanPrivate } from "../devstack/local-backend/private-files.ts";
import { missingPrerequisites } from "../rigs/wordpress/prerequisites.ts";
import { startWordPress, type WordPressInstance } from "../rigs/wordpress/wordpress.ts";
import { type GhostInstance, startGhost } from "../rigs/ghost/ghost.ts";
import { findGhostInstall, GHOST_VERSION } from "../rigs/ghost/install.ts";

const chromium = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";
try {
  await Deno.stat(chromium);
} catch {
  console.error(`Chromium not found at ${chromium}: apt-get install chromium (or set CHROMIUM_PATH).`);
  Deno.exit(1);
}

/** Far above what one worker's sign-ins need; the hosted limits are proven in local-api_test.ts. */
const GENEROUS_AUTH_RATE_LIMITS = {
  AUTH_RATE_LIMIT_TOKEN_REFRESH: "100000",
  AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: "100000",
  AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: "100000",
};
/** The same-origin build is kept between runs (rebuilt when its inputs change); the cross-origin one names a fresh port. */
const SAME_ORIGIN_BUILD_DIR = "node_modules/.cache/inkpress-e2e/same-origin-build";

const cleanups: (() => Promise<void>)[] = [];
let code = 1;
try {
  // A paced stream, so tests can see a draft appear before it is complete.
  const openai = startFakeOpenAI({ firstTokenDelayMs: 300, tokensPerSecond: 200 });
  cleanups.push(() => openai.close());
  const openrouter = startFakeOpenAI({ flavour: "openrouter" });
  cleanups.push(() => openrouter.close());
  const ollama = startFakeOpenAI({ flavour: "ollama" });
  cleanups.push(() => ollama.close());
  const fal = await startFakeFal();
  cleanups.push(() => fal.close());
  const dataForSeo = startFakeDataForSeo();
  cleanups.push(() => dataForSeo.close());
  const auditedSite = await startAuditedSite();
  cleanups.push(() => auditedSite.close());

  let wordpress: WordPressInstance | undefined;
  const missing = await missingPrerequisites();
  if (missing.length === 0) {
    wordpress = await startWordPress();
    cleanups.push(() => wordpress!.stop());
  } else if (Deno.env.get("CI")) {
    throw new Error(`WordPress prerequisites missing in CI: ${missing.join(", ")}`);
  } else {
    console.warn(`tests/e2e/wordpress.spec.ts and internal-links.spec.ts are left out: no WordPress (missing ${missing.join(", ")})`);
  }

  // A real Ghost when it is installed (npm run ghost -- install); INKPRESS_GHOST=1 (CI) requires it.
  let ghost: GhostInstance | undefined;
  if (findGhostInstall()) {
    ghost = await startGhost();
    cleanups.push(() => ghost!.stop());
  } else if (Deno.env.get("INKPRESS_GHOST") === "1") {
    throw new Error(`Ghost ${GHOST_VERSION} is not installed and INKPRESS_GHOST=1: run bash scripts/rigs/ghost/install.sh`);
  } else {
    console.warn(`tests/e2e/ghost.spec.ts is left out: Ghost ${GHOST_VERSION} is not installed (npm run ghost -- install)`);
  }

  const keys = ensureLocalKeys();
  const appEnv = {
    OPENAI_BASE_URL: openai.url,
    OPENROUTER_BASE_URL: openrouter.url,
    FAL_BASE_URL: fal.url,
    DATAFORSEO_BASE_URL: dataForSeo.url,
    // The fake fal.ai serves its images from loopback, and provider image
    // URLs go through the SSRF guard like any URL we did not configure; so
    // does the SEO audit of the test website.
    PRIVATE_HOST_ALLOWLIST: [
      new URL(fal.url).host,
      new URL(ollama.url).host,
      ...auditedSite.allowlist,
      ...(wordpress ? [new URL(wordpress.url).host] : []),
      ...(ghost ? [new URL(ghost.url).host] : []),
    ].join(","),
    ...GENEROUS_AUTH_RATE_LIMITS,
  };
  const runs = [
    { project: "same-origin", options: { env: appEnv, buildDir: SAME_ORIGIN_BUILD_DIR } },
    { project: "cross-origin", options: { env: appEnv, crossOrigin: true } },
  ];
  const audited: AuditedApp[] = [];
  code = 0;
  // One app at a time: the machine is small, and each runs a scheduler.
  for (const { project, options } of runs) {
    // The app's output, for the tests that read the e-mails it prints (password recovery).
    const appLog = await Deno.makeTempFile({ prefix: `inkpress-e2e-${project}-`, suffix: ".log" });
    cleanups.push(() => Deno.remove(appLog));
    const app = await startAppProcess({ ...options, logFile: appLog });
    cleanups.push(() => app.stop());
    console.log(`\n━━ ${project}: app on ${app.url}, API on ${app.apiUrl}`);
    const exitCode = (await new Deno.Command("node_modules/.bin/playwright", {
      args: ["test", "--project", project, "--pass-with-no-tests", ...Deno.args],
      env: {
        CHROMIUM_PATH: chromium,
        E2E_BASE_URL: app.url,
        E2E_API_URL: app.apiUrl,
        E2E_PUBLISHABLE_KEY: keys.publishableKey,
        E2E_SECRET_KEY: keys.secretKey,
        E2E_SECRETS_KEY: keys.secretsKey,
        E2E_OPENAI_URL: openai.url,
        E2E_OPENROUTER_URL: openrouter.url,
        E2E_OLLAMA_URL: ollama.url,
        E2E_FAL_URL: fal.url,
        E2E_APP_LOG: appLog,
        E2E_DATAFORSEO_URL: dataForSeo.url,
        E2E_AUDITED_SITE_URL: auditedSite.origin,
        ...(wordpress && {
          E2E_WP_URL: wordpress.url,
          E2E_WP_USER: wordpress.adminUser,
          E2E_WP_APP_PASSWORD: wordpress.applicationPassword,
        }),
        ...(ghost && { E2E_GHOST_URL: ghost.url, E2E_GHOST_ADMIN_API_KEY: ghost.adminApiKey }),
      },
    }).spawn().status).code;
    if (exitCode !== 0) {
      code = exitCode;
      console.error(`\n━━ ${project} app output (last 8000 characters)\n${app.output().slice(-8000)}`);
    }
    audited.push({
      name: `${project} app`,
      output: app.output(),
      storedSecrets: await storedSecrets(app.apiUrl, keys.secretKey, keys.secretsKey),
      looseFiles: looserThanPrivate(app.dataDir),
    });
    await app.stop();
  }

  const problems = auditRun(audited, [
    { label: "the secret key", value: keys.secretKey },
    { label: "the JWT secret", value: keys.jwtSecret },
    { label: "the key that seals stored secrets", value: keys.secretsKey },
    ...(wordpress ? [{ label: "the WordPress application password", value: wordpress.applicationPassword }] : []),
    ...(ghost ? [{ label: "the Ghost Admin API key's secret", value: ghost.adminApiKey.split(":")[1] }] : []),
  ]);
  if (problems.length > 0) {
    console.error(`\n━━ the run's logs or data folders break issue 8's rules:\n${problems.map((p) => `  ${p}`).join("\n")}`);
    code = 1;
  } else {
    console.log("\n━━ logs: no secret and no CSP violation in the apps' output; data folders owner-only");
  }
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error));
}
Deno.exit(code);

type AuditedApp = { name: string; output: string; storedSecrets: Secret[]; looseFiles: string[] };

/** Secrets in the apps' output, CSP violations, and data files anyone but the owner can read. */
function auditRun(apps: AuditedApp[], known: Secret[]): string[] {
  const secrets = [...known, ...apps.flatMap((app) => app.storedSecrets)];
  return [
    ...apps.flatMap((app) =>
      findSecrets(app.name, app.output, secrets).map((f) => `${f.source}, line ${f.line}: ${f.label} in “${f.excerpt}”`)
    ),
    ...apps.flatMap((app) => cspViolations(app.output).map((violation) => `${app.name}: ${violation}`)),
    ...apps.flatMap((app) => app.looseFiles.map((path) => `not owner-only: ${path}`)),
    ...looserThanPrivate(LITE_TEMP_DIR).map((path) => `not owner-only: ${path}`),
  ];
}
