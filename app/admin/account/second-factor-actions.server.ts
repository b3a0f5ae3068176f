/** Your account: the second factor's intents (decision 0068); the rules are in app/auth/second-factor.server.ts. */
import { z } from "zod";
import { intent } from "~/admin/kit/action.server";
import { confirmSetup, forgetTrustedDevices, newRecoveryCodes, startSetup, turnOff } from "~/auth/second-factor.server";
import { PASSWORD_MAX } from "~/auth/forms";

const password = z.string({ error: "Enter your password." }).min(1, "Enter your password.").max(PASSWORD_MAX, "Enter your password.");
const withPassword = z.object({ password });

export const secondFactorIntents = {
  "second-factor-start": intent({
    failure: "Could not start the setup",
    schema: z.object({ password, replace: z.literal("on").optional() }),
    run: async ({ input, services, request, user, clientIp }) => ({
      setup: await startSetup(services, request, { ...user, roles: user.roles ?? [] }, input.password, clientIp, input.replace === "on"),
    }),
  }),
  "second-factor-confirm": intent({
    failure: "Second factor not turned on",
    schema: z.object({
      code: z
        .string({ error: "Enter the 6-digit code from your authenticator app." })
        .transform((code) => code.replace(/\s+/g, ""))
        .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app.")),
    }),
    // Without JavaScript the page shows the secret again from what was sent.
    echoValues: true,
    run: async ({ input, services, request, user, clientIp }) => ({
      codes: await confirmSetup(services, request, { ...user, roles: user.roles ?? [] }, input.code, clientIp),
    }),
  }),
  "recovery-codes-new": intent({
    failure: "No new recovery codes",
    schema: withPassword,
    run: async ({ input, services, request, user, clientIp }) => ({
      codes: await newRecoveryCodes(services, request, { ...user, roles: user.roles ?? [] }, input.password, clientIp),
    }),
  }),
  "second-factor-off": intent({
    failure: "Second factor not turned off",
    schema: withPassword,
    run: async ({ input, services, request, user, clientIp }) => {
      await turnOff(services, request, { ...user, roles: user.roles ?? [] }, input.password, clientIp);
      return { off: true as const };
    },
  }),
  "trusted-devices-forget": intent({
    failure: "Devices not forgotten",
    run: async ({ services, user }) => ({ devices: await forgetTrustedDevices(services.db, user) }),
  }),
};
