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
  // The server bundle takes its libraries in (decision 0113): a start resolved, read and compiled
  // about 1,400 files of node_modules one by one, a second of CPU per start. Left outside: what
  // loads native code or WebAssembly and data files beside itself (PGlite, sharp, pg) and pino,
  // whose transports start worker threads from their own files.
  ssr: isSsrBuild ? { noExternal: true, external: ["@electric-sql/pglite", "sharp", "pg", "pg-native", "pino", "thread-stream", "pino-pretty"] } : undefined,
  plugins: [tailwindcss(), reactRouter(), standaloneScript(), ...(isSsrBuild ? [] : [precompress()])],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
}));
