/**
 * `npm run keys`: the local API's keys. The publishable key is
 * printed at once (it is in every page of the app anyway); the secret key,
 * which bypasses row-level security and so reads every user's stored keys
 * and passwords, only after a yes at an interactive prompt.
 */
import { LOCAL_KEYS_FILE, readLocalKeys } from "./local-backend/keys.ts";

const keys = readLocalKeys();
if (!keys) {
  console.error(`No local keys yet (${LOCAL_KEYS_FILE}): npm start mints them on its first run.`);
  Deno.exit(1);
}
const write = (text: string) => Deno.stdout.writeSync(new TextEncoder().encode(text + "\n"));
write(`Publishable key    ${keys.publishableKey}`);
if (!Deno.stdin.isTerminal()) {
  write("Secret key         not shown: run `npm run keys` in a terminal to be asked for it");
  Deno.exit(0);
}
const yes = confirm("Show the secret key? It bypasses row-level security: anyone holding it can read every local user's keys and passwords.");
write(yes ? `Secret key         ${keys.secretKey}` : "Secret key         not shown");
