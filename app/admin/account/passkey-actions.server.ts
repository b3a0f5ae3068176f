/** Your account: the passkeys' intents (decision 0074); the rules are in app/auth/own-passkeys.server.ts. */
import { z } from "zod";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { intent } from "~/admin/kit/action.server";
import { PASSWORD_MAX } from "~/auth/forms";
import { finishPasskeyRegistration, removePasskey, renamePasskey, startPasskeyRegistration } from "~/auth/own-passkeys.server";
import { PASSKEY_NAME_MAX } from "~/auth/passkeys.server";

const password = z.string({ error: "Enter your password." }).min(1, "Enter your password.").max(PASSWORD_MAX, "Enter your password.");
const NAME_MESSAGE = `Give the passkey a name of 1 to ${PASSKEY_NAME_MAX} characters, such as “Work laptop”.`;
const name = z.string({ error: NAME_MESSAGE }).trim().min(1, NAME_MESSAGE).max(PASSKEY_NAME_MAX, NAME_MESSAGE);
const id = z.string({ error: "Choose a passkey." }).min(1, "Choose a passkey.").max(64, "Choose a passkey.");

/** The browser's answer, sent as JSON text; @simplewebauthn/server checks every part of it. */
const registration = z
  .string({ error: "The browser sent no passkey." })
  .max(20_000, "The browser's answer is too long.")
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "The browser's answer was not understood." });
      return z.NEVER;
    }
  })
  .pipe(
    z.looseObject({
      id: z.string().min(1).max(1024),
      rawId: z.string().min(1).max(1024),
      type: z.literal("public-key"),
      response: z.looseObject({ clientDataJSON: z.string().max(8192), attestationObject: z.string().max(16_384) }),
    }),
  );

export const passkeyIntents = {
  "passkey-start": intent({
    failure: "Could not add a passkey",
    schema: z.object({ password, name }),
    run: async ({ input, services, request, user, clientIp }) => ({
      registration: await startPasskeyRegistration(services, request, { ...user, roles: user.roles ?? [] }, input.password, clientIp),
      name: input.name,
    }),
  }),
  "passkey-finish": intent({
    failure: "Passkey not added",
    schema: z.object({ challengeId: z.string().max(100), name, response: registration }),
    run: async ({ input, services, user }) => ({
      added: await finishPasskeyRegistration(services, { ...user, roles: user.roles ?? [] }, input.challengeId, input.name, input.response as unknown as RegistrationResponseJSON),
    }),
  }),
  "passkey-rename": intent({
    failure: "Passkey not renamed",
    schema: z.object({ id, name }),
    run: async ({ input, services, user }) => {
      await renamePasskey(services, { ...user, roles: user.roles ?? [] }, input.id, input.name);
      return { renamed: input.name };
    },
  }),
  "passkey-remove": intent({
    failure: "Passkey not removed",
    schema: z.object({ id, password }),
    run: async ({ input, services, request, user, clientIp }) => {
      await removePasskey(services, request, { ...user, roles: user.roles ?? [] }, input.id, input.password, clientIp);
      return { removed: true as const };
    },
  }),
};
