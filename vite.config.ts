import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { precompress } from "./scripts/build/precompress.ts";
import { standaloneScript } from "./scripts/build/standalone-script.ts";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is our Express app, so the whole server ships as one bundle.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" }, target: "node20", assetsInlineLimit: 0 }
    : // No data: URLs: fonts and images stay files the CSP (font-src 'self') and caches can serve.
      {
        target: "es2022",
        assetsInlineLimit: 0,
        // React Router preloads route modules itself; Vite's helper for lazy imports is dead weight.
        modulePreload: false,
      },
  plugins: [tailwindcss(), reactRouter(), standaloneScript(), ...(isSsrBuild ? [] : [precompress()])],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
}));
