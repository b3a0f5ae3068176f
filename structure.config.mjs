/**
 * The order of the modules inside app/, declared once (decision 0095), and the check that holds
 * the code to it: dependency-cruiser, run by `npm run lint`. A module imports only modules BELOW
 * it in MODULES (earlier in the list); no file imports itself round in a circle, type-only imports
 * included. EXCEPTIONS are the only imports allowed against the order, each with its reason.
 *
 * Three tiers, lowest first: foundations (what every feature stands on), domains (the firm's
 * features, each owning its data and rules), and the site's and the admin's faces (views, admin
 * tabs, routes). Every top-level file and folder of app/ is placed here; tests/unit/structure.test.ts
 * fails on one that is not.
 */

/** [module, why it stands where it stands]. A module is a folder or a file of app/; "components/ui" is the primitives' sub-folder. */
export const MODULES = [
  // ---------------------------------------------------------------- foundations
  ["fonts", "font subset data the document links; imports nothing"],
  ["media", "image source sets of stored media; imports nothing"],
  ["i18n", "languages, paths and the built-in texts every page and mail shows"],
  ["clock", "the firm's time (Vancouver) for schedules, reminders and reports"],
  ["form-data.server.ts", "reading a posted form with its size limits"],
  ["toast", "the one-time message carried over a redirect"],
  ["document", "the HTML document's parts: head, page script, live updates"],
  ["components/ui", "UI primitives (button, field, dialog) with no feature in them"],
  ["changes", "how a change is stored: commit(), its audit entry, refusals and field errors"],
  ["jobs", "the persisted job runner and job declarations"],
  ["conflicts", "the conflict-of-interest check over contact messages and bookings"],
  ["audit", "reading, filtering and exporting the audit log"],
  ["auth", "sign-in, sessions, second factors, roles and the guard every admin page passes"],
  ["publishing", "the sign-off rule and the in-transaction \"published\" event every publishing gate raises"],
  ["revisions", "versions, review and trash of any stored item, on commit()"],
  ["translation", "the review state of machine-translated text"],
  ["ai", "AI writing and the rules machine text is held to"],
  // ---------------------------------------------------------------- domains
  ["content", "the site's texts and entries in three languages"],
  ["team", "team members; their texts are content texts"],
  ["stats", "visit statistics counted without cookies"],
  ["services.ts", "the Services every loader gets: names the runner, text store and statistics (types)"],
  ["contact", "the contact form and the inbox of messages"],
  ["booking", "consultation booking; its form reuses the contact form's pieces"],
  ["staff", "staff accounts, invitations and the staff policy, on auth"],
  ["video", "the video consultation page"],
  ["blog", "posts and their schedule; publishing raises the event the newsletter and Instagram hear"],
  ["newsletter", "subscribers, confirmation, sending, the digest, send reports and the export; follows the published event"],
  ["instagram", "posting published blog posts to Instagram"],
  ["automation", "the daily AI-written post from the topic queue"],
  ["privacy", "client records kept only as long as needed, marked as clients, found, exported and erased on request"],
  ["review", "the review queue over every pending change, its readable comparison and its notices"],
  // ---------------------------------------------------------------- faces
  ["routes.ts", "the route table: paths and files as data, no route module imported"],
  ["seo", "meta tags, JSON-LD, sitemap and feeds of the public pages"],
  ["components", "the public site's views (header, cards, forms)"],
  ["admin", "the admin tabs and their kit (decision 0057 orders them inside)"],
  ["routes", "the route modules: thin loaders and actions over the modules below"],
  ["root.tsx", "the document's root layout"],
  ["entry.server.tsx", "the server's render entry"],
];

/** Top-level entries of app/ that are no module (nothing imports through them). */
export const NOT_MODULES = [
  ["app.css", "the stylesheet root.tsx links"],
  ["standalone.d.ts", "ambient types of the standalone build"],
];

/** Imports allowed against the order: [from file, to file(s) as a regular expression, reason]. At most 4. */
export const EXCEPTIONS = [
  [
    "app/blog/markdown\\.server\\.tsx",
    "app/components/blog/Markdown\\.tsx",
    "mail and feeds render a post's body with the very component the post page uses, so they cannot differ",
  ],
  [
    "app/ai/machine-text\\.server\\.ts",
    "app/(blog/post-schema|content/schema)\\.ts",
    "machine text is held to the editors' own form schemas, read, not copied (decision 0054)",
  ],
  [
    "app/blog/schedule\\.server\\.ts",
    "app/instagram/post\\.server\\.ts",
    "a scheduled post queues its Instagram post when it goes public; goes when publishing is an event the blog sends",
  ],
  [
    "app/audit/log\\.server\\.ts",
    "app/blog/schedule\\.ts",
    "the audit filter reads times as the firm's wall clock like the schedule; goes when app/clock holds that",
  ],
];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The paths of a module as a regular expression (a folder's files, or the file). */
export function modulePath(module) {
  if (module === "components") return "^app/components/(?!ui/)";
  return /\.[a-z]+$/.test(module) ? `^app/${escape(module)}$` : `^app/${escape(module)}/`;
}

/** One rule per module: nothing it imports stands above it, except the named exceptions. */
function orderRules() {
  const rules = [];
  MODULES.forEach(([module], rank) => {
    const above = MODULES.slice(rank + 1).map(([higher]) => modulePath(higher));
    if (above.length === 0) return;
    const from = modulePath(module);
    const own = EXCEPTIONS.filter(([file]) => new RegExp(from).test(file.replace(/\\/g, "")));
    const comment = `app/${module} stands below ${MODULES.slice(rank + 1).map(([m]) => m).join(", ")} (structure.config.mjs): move what both need down, or name an exception there.`;
    rules.push({
      name: `order:${module}`,
      comment,
      severity: "error",
      from: { path: from, ...(own.length ? { pathNot: own.map(([file]) => `^${file}$`) } : {}) },
      to: { path: above },
    });
    for (const [file, target] of own) {
      rules.push({ name: `order:${module}`, comment, severity: "error", from: { path: `^${file}$` }, to: { path: above, pathNot: `^${target}$` } });
    }
  });
  return rules;
}

export const forbidden = [
  {
    name: "no-circular",
    comment: "Files that import each other in a circle (type-only imports too): move what both need into a third file below both.",
    severity: "error",
    from: {},
    to: { circular: true },
  },
  ...orderRules(),
];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden,
  options: {
    // Type-only imports are edges too: a type-only circle is a circle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|node_modules|\\.react-router)/|\\.d\\.ts$" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
    cache: false,
  },
};
