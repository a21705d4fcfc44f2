import assert from "node:assert/strict";
import { aiDeploymentFromEnv } from "../../supabase/functions/_shared/ai/ai_deployment.ts";
import { startFakeProviders } from "./fake-providers.ts";

Deno.test({
  name: "npm run try: the fake providers answer a key like the one the banner suggests, and their images are allowlisted",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const fakes = await startFakeProviders({ get: (name) => (name === "PRIVATE_HOST_ALLOWLIST" ? "wp.local:8080" : undefined) });
    try {
      const completion = await fetch(`${fakes.env.OPENAI_BASE_URL}/chat/completions`, {
        method: "POST",
        headers: { Authorization: "Bearer sk-try-me", "Content-Type": "application/json" },
        body: JSON.stringify({
          model: aiDeploymentFromEnv({ get: () => undefined }).openAIDefaults.drafting,
          messages: [{ role: "user", content: "Say hello" }],
        }),
      });
      assert.equal(completion.status, 200, await completion.clone().text());
      await completion.body?.cancel();
      const image = await fetch(`${fakes.env.FAL_BASE_URL}/fal-ai/fast-sdxl`, {
        method: "POST",
        headers: { Authorization: "Key fal-try-me", "Content-Type": "application/json" },
        body: JSON.stringify({ prompt: "a lighthouse" }),
      });
      assert.equal(image.status, 200);
      const { images } = await image.json() as { images: { url: string }[] };
      const allowed = fakes.env.PRIVATE_HOST_ALLOWLIST.split(",");
      assert.deepEqual(allowed.slice(0, 2), ["wp.local:8080", new URL(images[0].url).host]);
      // The demo site the SEO audit may fetch, and the fake DataForSEO with the account the banner names.
      const demo = fakes.lines.find((line) => line.includes("SEO audit"))!.match(/http:\/\/127\.0\.0\.1:\d+\/\S+/)![0];
      assert.ok(allowed.includes(new URL(demo).host));
      assert.equal((await fetch(demo).then(async (response) => (await response.body?.cancel(), response.status))), 200);
      const login = fakes.lines.join(" ").match(/login (\S+),/)![1];
      const password = fakes.lines.join("\n").match(/password (\S+)$/m)![1];
      const keywords = await fetch(`${fakes.env.DATAFORSEO_BASE_URL}/v3/appendix/user_data`, {
        headers: { Authorization: `Basic ${btoa(`${login}:${password}`)}` },
      });
      assert.equal((await keywords.json()).status_code, 20000);
    } finally {
      await fakes.close();
    }
  },
});
