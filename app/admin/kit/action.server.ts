import { data, type AppLoadContext } from "react-router";
import type { z } from "zod";
import type { Services } from "../../services";
import type { AdminUser } from "../../auth/guard.server";
import { recordDenied, requireActionPermission, userCan } from "../../auth/guard.server";
import { refusal, type Permission } from "../../auth/roles";
import { SET_UP_SECOND_FACTOR } from "../../auth/second-factor-policy.server";
import { parseForm } from "../../form-data.server";
import { describeFailure, refuseWith, SERVER_FAILURE } from "../../changes/errors.server";
import { fieldErrors, type FieldNamer } from "../../changes/field-errors";
import type { Failure, Success } from "./result";

export interface IntentArgs<Input> {
  /** The schema's output: the form as the handler needs it, already checked. */
  input: Input;
  form: FormData;
  user: AdminUser;
  services: Services;
  request: Request;
  params: Record<string, string | undefined>;
  /** The client's address as the server determined it (for throttles), or "unknown". */
  clientIp: string;
}


/** One thing an admin tab can do: how its form is read and checked, and what it does. */
export interface Intent<Input, Data extends object> {
  /** The toast title when it does not happen, e.g. 'Failed to add member'. */
  failure: string;
  /** What a role must be allowed to run it (decision 0066); by default the tab's permission. */
  permission?: Permission;
  /** Checks the form; a refused field answers 400 with each field's message and changes nothing. */
  schema?: z.ZodType<Input>;
  /** The schema's input from the form; by default the form's text fields by name. */
  input?: (form: FormData, params: Record<string, string | undefined>) => unknown;
  /** Form field names of the schema's paths, when they differ. */
  fieldName?: FieldNamer;
  /** The reason a refused form answers with (default: the first refused field's message). */
  refused?: string;
  /** The reason shown when the server fails for a reason it cannot name. */
  serverFailure?: string;
  /** Keep what was sent in a failure's `values` (a form without JavaScript shows it again). */
  echoValues?: boolean;
  run(args: IntentArgs<Input>): Promise<Data | Response>;
}

/** Declare an intent with its types inferred from the schema and the handler. */
export const intent = <Input, Data extends object>(spec: Intent<Input, Data>) => spec;

// Intents are declared with different inputs; `any` is how a record of them is typed.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyIntent = Intent<any, any>;

/** The union of answers of an action's intents, for the components that read them. */
export type ActionResult<Intents extends Record<string, AnyIntent>> =
  { [K in keyof Intents & string]: Success<K, Exclude<Awaited<ReturnType<Intents[K]["run"]>>, Response>> }[keyof Intents & string] | Failure<keyof Intents & string>;

export interface AdminActionOptions {
  /** The tab's permission: what an intent without its own needs. */
  permission: Permission;
  /** Which intent a request is; by default the form's `intent` field. */
  intentOf?: (form: FormData) => string;
  /** How the body is read; by default as a form (415/400 for anything else). */
  readForm?: (request: Request) => Promise<FormData>;
  /** The failure of a body that cannot be read, when the intent is not known yet. */
  unreadable?: (request: Request) => string;
}

const formFields = (form: FormData) => Object.fromEntries([...form].filter(([, value]) => typeof value === "string"));

/**
 * The action of an admin tab: the staff check, the form read, the intent picked, its permission
 * checked (the intent's, or the tab's; 403 with a sentence), its schema
 * checked, its handler run, and every refusal or fault answered in one shape
 * (`Success | Failure`, app/admin/kit/result.ts) with its status code. A handler returns its data
 * or a Response (a redirect), and throws an AdminError (or a Zod error) to refuse.
 */
export function adminAction<Intents extends Record<string, AnyIntent>>(intents: Intents, options: AdminActionOptions) {
  type Result = ActionResult<Intents>;
  const fail = (intentName: string, error: string, reason: string, status: number, extra: Partial<Failure> = {}) =>
    data<Result>({ ok: false, intent: intentName, error, reason, ...extra } as Result, { status });

  return async ({ request, context, params }: { request: Request; context: AppLoadContext; params: Record<string, string | undefined> }) => {
    // Staff only here; which permission is needed depends on the intent, read from the form below.
    const user = await requireActionPermission(request, context, null);
    const { services } = context;
    let form: FormData;
    try {
      form = await (options.readForm ?? parseForm)(request);
    } catch (error) {
      const described = describeFailure(error);
      if (!described) throw error;
      const name = options.unreadable?.(request) ?? "unknown";
      return fail(name, intents[name]?.failure ?? "The request was not understood.", described.reason, described.status);
    }
    const name = (options.intentOf ?? ((f: FormData) => String(f.get("intent") ?? "")))(form);
    const spec = Object.hasOwn(intents, name) ? intents[name] : undefined;
    if (!spec) return fail("unknown", "The request was not understood.", "Unknown action.", 400);
    const permission = spec.permission ?? options.permission;
    // The guard's permission set (roles under the staff policy); a user without roles may nothing here.
    if (user.roles === undefined || !userCan(user, permission)) {
      await recordDenied(services, user, request, permission, name);
      return fail(name, spec.failure, refusal(user.roles ?? [], permission), 403);
    }
    // Until a required second factor is set up, only the account page's own actions run (decision 0068).
    if (user.secondFactorSetupNeeded && permission !== "dashboard.open") return fail(name, spec.failure, SET_UP_SECOND_FACTOR, 403);

    const raw = spec.input ? spec.input(form, params) : formFields(form);
    const values = spec.echoValues ? (raw as Record<string, unknown>) : undefined;
    try {
      let input: unknown = raw;
      if (spec.schema) {
        const parsed = spec.schema.safeParse(raw);
        if (!parsed.success) throw spec.refused ? refuseWith("invalid", spec.refused, fieldErrors(parsed.error, spec.fieldName)) : parsed.error;
        input = parsed.data;
      }
      const result = await spec.run({ input, form, user, services, request, params, clientIp: context.clientIp || "unknown" });
      if (result instanceof Response) return result;
      return data<Result>({ ...result, ok: true, intent: name } as Result);
    } catch (error) {
      if (error instanceof Response) throw error;
      const described = describeFailure(error, spec.fieldName);
      if (described) return fail(name, spec.failure, described.reason, described.status, { fieldErrors: described.fieldErrors, values, ...(described.conflict ? { conflict: described.conflict } : {}) });
      services.log.error({ err: error, intent: name, path: new URL(request.url).pathname }, "admin action failed");
      return fail(name, spec.failure, spec.serverFailure ?? SERVER_FAILURE, 500, { values });
    }
  };
}
