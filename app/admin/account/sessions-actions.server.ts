/** Your account: your own sessions' intents; the rules are in app/auth/own-sessions.server.ts. */
import { z } from "zod";
import { intent } from "~/admin/kit/action.server";
import { endOtherSessions, endOwnSession } from "~/auth/own-sessions.server";

export const sessionIntents = {
  "session-end": intent({
    failure: "Session not ended",
    schema: z.object({ sessionId: z.string({ error: "Choose a session." }).trim().min(1, "Choose a session.").max(100, "Choose a session.") }),
    run: async ({ input, services, user }) => {
      await endOwnSession(services.db, user, input.sessionId);
      return { sessionId: input.sessionId };
    },
  }),
  "sessions-end-others": intent({
    failure: "Sessions not ended",
    run: async ({ services, user }) => ({ ended: await endOtherSessions(services.db, user) }),
  }),
};
