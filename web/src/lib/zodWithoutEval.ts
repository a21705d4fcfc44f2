import { z } from "zod";

/**
 * Zod compiles object parsers with `new Function` unless told not to. The
 * app's Content-Security-Policy allows no eval (`script-src 'self'`), and even
 * zod's probe for it is reported as a violation; jitless parsing needs
 * neither. Imported first by main.tsx, before any schema parses.
 */
z.config({ jitless: true });
