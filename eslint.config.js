import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Which folders a layer may not import; the outermost layer is server/, the innermost core/. */
const LAYERS = [
  {
    // db/ may read app/'s built-in texts (the seed), never the server.
    files: ["app/**/*.{ts,tsx}", "db/**/*.ts"],
    forbidden: ["^(\\.\\./)+(server|scripts)(/|$)"],
    message: "app/ and db/ may not import server/ or scripts/: move what both need to core/.",
  },
  {
    files: ["core/**/*.ts"],
    forbidden: ["^(\\.\\./)+(app|server|scripts)(/|$)", "^~/"],
    message: "core/ is the lowest layer: it may not import app/, server/ or scripts/.",
  },
  {
    files: ["server/**/*.ts"],
    forbidden: ["^(\\.\\./)+scripts(/|$)"],
    message: "server/ may not import scripts/: move what both need to core/.",
  },
];

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "data/", "db/migrations/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // Dependencies point one way: server/ (Express, the page cache, start-up) -> app/ (routes, features)
  // -> core/ and db/ (configuration, logging, media, events, rate limits, the database).
  ...LAYERS.map(({ files, forbidden, message }) => ({
    files,
    rules: { "no-restricted-imports": ["error", { patterns: forbidden.map((regex) => ({ regex, message })) }] },
  })),
);
