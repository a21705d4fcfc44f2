import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { localBackend } from "./scripts/local-backend/vite-plugin.ts";
import { signInSnapshot } from "./scripts/prerender/sign-in-snapshot.ts";

const functionsUrl = `http://127.0.0.1:${process.env.FUNCTIONS_PORT ?? "54329"}`;
const functionsProxy = { "/functions/v1": { target: functionsUrl, changeOrigin: false } };

/**
 * `vite` / `vite preview` run the app on the embedded backend (the default);
 * `--mode hosted` serves the front end alone against VITE_SUPABASE_URL.
 */
export default defineConfig(({ mode }) => ({
  root: "web",
  envDir: "..",
  publicDir: "public",
  plugins: [react(), signInSnapshot(), ...(mode === "hosted" ? [] : [localBackend()])],
  server: { host: "127.0.0.1", port: Number(process.env.PORT ?? 5173), strictPort: true, proxy: functionsProxy },
  preview: { host: "127.0.0.1", port: Number(process.env.PORT ?? 5173), strictPort: true, proxy: functionsProxy },
  build: { outDir: "../dist", emptyOutDir: true, target: "es2022" },
}));
