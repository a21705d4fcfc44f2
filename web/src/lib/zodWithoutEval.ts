/**
 * Zod compiles object parsers with `new Function` unless told not to. The
 * app's Content-Security-Policy allows no eval (`script-src 'self'`), and even
 * zod's probe for it is reported as a violation; jitless parsing needs
 * neither. Imported first by main.tsx, before any schema parses.
 *
 * Zod keeps its global configuration on `globalThis.__zod_globalConfig` and
 * adopts an object already there (zod/v4/core/core.js), so the setting is made
 * without importing zod: `z.config()` would put zod's core (about 4 KB
 * gzipped) into the entry, ahead of the first paint of /login, while zod
 * itself loads after it. zodWithoutEval.test.ts proves zod reads it.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

// A module (not a script), so that zodWithoutEval.test.ts can import it.
export {};
