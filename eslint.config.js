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

/**
 * The firm clock (decision 0083) is the only place a time zone is written: a zone name
 * ("America/Vancouver", any "Area/Place"), a `timeZone` option other than "UTC" (UTC has no
 * rules) or a time-zone library anywhere else reads rules the product does not control (the
 * runtime's, the browser's or another package's).
 */
const ZONE_NAME = /^(Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc|Canada|US)\/[A-Za-z_+-]+(\/[A-Za-z_+-]+)?$/;
const ZONE_LIBRARIES = new Set(["moment-timezone", "@date-fns/tz", "date-fns-tz", "@js-joda/timezone", "luxon", "dayjs/plugin/timezone", "timezone-support"]);
export const FIRM_CLOCK_FILES = ["core/firm-time.ts", "core/firm-clock.server.ts"];
const noTimeZone = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      name: "A time zone is written only in the firm clock (core/firm-time.ts): use firmClock (core/firm-clock.server.ts) or useFirmClock (app/admin/kit/firm-clock.ts).",
      option: "No `timeZone` option but \"UTC\": Vancouver times come from the firm clock (core/firm-clock.server.ts), never from the runtime's or the browser's time-zone data.",
      library: "Time-zone rules come from the firm clock alone (core/firm-clock.server.ts reads moment-timezone).",
    },
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join("/");
    if (FIRM_CLOCK_FILES.includes(file) || file === "eslint.config.js") return {};
    const key = (property) => (property.key.type === "Identifier" ? property.key.name : property.key.type === "Literal" ? property.key.value : null);
    const text = (node) => (node.type === "Literal" && typeof node.value === "string" ? node.value : node.type === "TemplateLiteral" && node.expressions.length === 0 ? node.quasis[0].value.cooked : null);
    const checkString = (node) => {
      const value = text(node);
      if (value === null) return;
      if (ZONE_NAME.test(value)) context.report({ node, messageId: "name" });
      else if (ZONE_LIBRARIES.has(value)) context.report({ node, messageId: "library" });
    };
    return {
      Literal: checkString,
      TemplateLiteral: checkString,
      Property(node) {
        if (key(node) !== "timeZone" || node.parent.type !== "ObjectExpression") return;
        if (text(node.value) !== "UTC") context.report({ node, messageId: "option" });
      },
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
  // One firm clock (see noTimeZone).
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { "firm-clock": { rules: { "no-time-zone": noTimeZone } } },
    rules: { "firm-clock/no-time-zone": "error" },
  },
  // Dependencies point one way: server/ -> app/ -> core/ -> db/ (see LAYERS).
  ...LAYERS.map(({ files, forbidden, message }) => ({
    files,
    rules: { "no-restricted-imports": ["error", { patterns: forbidden.map((regex) => ({ regex, message })) }] },
  })),
);
