import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Which folders a layer may not import. Outermost first: server/ (Express, the page cache, start-up
 * and seeding) may import app/, core/ and db/; app/ (routes, features) core/ and db/; core/
 * (configuration, logging, media, events, rate limits) db/; db/ (schema, client, demo content)
 * none of them. scripts/ (tools) may import anything, and nothing imports scripts/.
 */
const LAYERS = [
  {
    files: ["app/**/*.{ts,tsx}"],
    forbidden: ["^(\\.\\./)+(server|scripts)(/|$)"],
    message: "app/ may import core/ and db/, never server/ or scripts/: move what both need to core/.",
  },
  {
    files: ["core/**/*.ts"],
    forbidden: ["^(\\.\\./)+(app|server|scripts)(/|$)", "^~/"],
    message: "core/ may import only db/: not app/, server/ or scripts/.",
  },
  {
    files: ["db/**/*.ts"],
    forbidden: ["^(\\.\\./)+(app|core|server|scripts)(/|$)", "^~/"],
    message: "db/ is the lowest layer: it may not import app/, core/, server/ or scripts/.",
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
  // Dependencies point one way: server/ -> app/ -> core/ -> db/ (see LAYERS).
  ...LAYERS.map(({ files, forbidden, message }) => ({
    files,
    rules: { "no-restricted-imports": ["error", { patterns: forbidden.map((regex) => ({ regex, message })) }] },
  })),
);
