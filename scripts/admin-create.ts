// `npm run admin:create -- --email E --password P [--name N] [--role admin|lawyer|intake|editor]`: create a
// staff account (admin by default), or grant the role to
// an existing account (and set its password when one is given). Prints one line; exit 0 on success,
// 2 on bad input, 1 when the database cannot be reached.
//
// With DATABASE_URL it connects to PostgreSQL directly. With the embedded database it asks the
// running server over its control socket (PGlite belongs to one process), or, when no server
// runs, opens the database itself while holding the same DATA_DIR lock a server would.
import path from "node:path";
import { parseArgs } from "node:util";
import { AdminInputError, createOrPromoteAdmin, describeResult } from "../app/auth/admin-users.server";
import { COMMON_PASSWORD, commonPasswordReason } from "../app/auth/password-policy.server";
import { newPasswordSchema } from "../app/auth/forms";
import { canonicalRole, isRole, ROLES } from "../app/auth/roles";
import { sendControlCommand } from "../server/control";
import { configOrFail, fail, serverRuns, withDatabase } from "./cli";

const USAGE = "Usage: npm run admin:create -- --email you@example.com --password 'at least 12 characters' [--name 'Full Name'] [--role admin|lawyer|intake|editor]";

async function main() {
  let values: { email?: string; password?: string; name?: string; role?: string };
  try {
    ({ values } = parseArgs({
      options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" }, role: { type: "string" } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail(`${(error as Error).message}. ${USAGE}`, 2);
  }
  if (!values.email) fail(`--email is required. ${USAGE}`, 2);
  // `reviewer` is still taken, as `lawyer` (decision 0090).
  const role = canonicalRole(values.role ?? "admin");
  if (!isRole(role)) fail(`Unknown role "${role}": choose one of ${ROLES.join(", ")}. ${USAGE}`, 2);

  const env = configOrFail();
  const input = { email: values.email, password: values.password, name: values.name };
  // The operator's choice is kept, but said out loud: the web refuses such a password.
  if (input.password && newPasswordSchema.safeParse(input.password).success && commonPasswordReason(input.password, [String(input.email ?? "").split("@")[0]])) {
    console.warn(`Warning: ${COMMON_PASSWORD} (Accepted here because it was set on the server itself; the admin's own page refuses it.)`);
  }

  const dataDir = path.resolve(env.DATA_DIR);
  if (!env.DATABASE_URL && serverRuns(dataDir)) {
    const answer = await sendControlCommand(dataDir, { command: "admin-create", ...input, role });
    if (answer.ok) {
      console.log(answer.message);
      return;
    }
    fail(answer.error, answer.error.startsWith("The server could not") ? 1 : 2);
  }

  const result = await withDatabase({ databaseUrl: env.DATABASE_URL, dataDir }, (db) => createOrPromoteAdmin(db, input, { via: "cli", role }));
  console.log(describeResult(result));
}

main().catch((error) => {
  if (error instanceof AdminInputError) fail(error.message, 2);
  fail(`admin:create failed: ${(error as Error).message}`, 1);
});
