import path from "node:path";
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

/**
 * Inside app/ (decision 0057): domain modules (app/blog, app/content, app/team, app/translation,
 * app/automation, app/instagram, app/contact, app/auth, app/jobs, ...) own their data and rules;
 * an admin tab (app/admin/<tab>/) holds its route, components and the action wiring on the kit.
 * - an admin tab imports only app/admin/kit, domain modules and core/: never another tab;
 * - the admin kit imports no tab;
 * - nothing outside app/admin and app/routes (domain modules, app/auth included) imports app/admin:
 *   the kit imports auth, not the other way round.
 * Imports are resolved to files ("~/" and relative alike), so no spelling gets round a rule.
 */
const ROOT = import.meta.dirname;
const ENTRY = new Set(["admin", "routes", "root.tsx", "routes.ts", "entry.server.tsx"]);
const MESSAGES = {
  tabToTab: "An admin tab imports only app/admin/kit, domain modules and core/, never another tab: move what both need into a domain module (or the kit).",
  kitToTab: "The admin kit is below the tabs: it may not import a tab.",
  authToAdmin: "app/auth does not import app/admin (the kit imports auth): move what both need into a domain module such as app/changes.",
  domainToAdmin: "A domain module never imports app/admin: the tab wires the module on the kit, not the other way round.",
};

/** Which rule an import from `from` to `to` (paths from the repository root) breaks, if any. */
export function boundaryBroken(from, to) {
  const [fromTop, fromArea, fromSub] = from.split("/");
  const [toTop, toArea, toSub] = to.split("/");
  if (fromTop !== "app" || toTop !== "app" || toArea !== "admin") return null;
  if (fromArea === "admin") {
    if (fromSub === toSub || toSub === undefined) return null;
    if (fromSub === "kit") return "kitToTab";
    return toSub === "kit" ? null : "tabToTab";
  }
  if (ENTRY.has(fromArea)) return null;
  return fromArea === "auth" ? "authToAdmin" : "domainToAdmin";
}

const boundaries = {
  meta: { type: "problem", schema: [], messages: MESSAGES },
  create(context) {
    const from = path.relative(ROOT, context.filename).split(path.sep).join("/");
    const check = (source) => {
      const spec = source && typeof source.value === "string" ? source.value : null;
      if (!spec) return;
      const target = spec.startsWith("~/") ? path.join(ROOT, "app", spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(context.filename), spec) : null;
      if (!target) return;
      const broken = boundaryBroken(from, path.relative(ROOT, target).split(path.sep).join("/"));
      if (broken) context.report({ node: source, messageId: broken });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
    };
  },
};

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
      // A transaction is a DbOrTx (db/client.ts): a function that takes one says so instead of casting.
      "no-restricted-syntax": ["error", {
        selector: "TSAsExpression[typeAnnotation.typeName.name=/^(Db|DbOrTx)$/][expression.typeAnnotation.type='TSUnknownKeyword']",
        message: "No `as unknown as Db`: type the parameter as DbOrTx (db/client.ts).",
      }],
    },
  },
  // Inside app/: tabs, the kit and domain modules (see boundaryBroken).
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { layers: { rules: { boundaries } } },
    rules: { "layers/boundaries": "error" },
  },
  // Dependencies point one way: server/ -> app/ -> core/ -> db/ (see LAYERS).
  ...LAYERS.map(({ files, forbidden, message }) => ({
    files,
    rules: { "no-restricted-imports": ["error", { patterns: forbidden.map((regex) => ({ regex, message })) }] },
  })),
);
