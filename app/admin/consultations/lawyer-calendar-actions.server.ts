/**
 * The Consultations tab's intents for each lawyer's own calendar and feed (decision 0105), all
 * admin-only (consultations.settings) and audited without the secret. The calendar's address is
 * never echoed back: a refused form answers with the message only.
 */
import { z } from "zod";
import { intent } from "~/admin/kit/action.server";
import { idField } from "~/admin/kit/ids";
import { refuseWith } from "~/changes/errors.server";
import { ADDRESS_MAX, checkAddress, readCalendar, removeCalendar, setCalendarAddress, type MemberId } from "~/booking/lawyer-calendars.server";
import type { AdminUser } from "~/auth/guard.server";
import type { Services } from "~/services";
import { createLawyerFeed, lawyerFeedPath, revokeLawyerFeed } from "~/booking/lawyer-feed.server";

const member = idField("Unknown team member.");
const readerOf = (services: Services) => ({
  db: services.db,
  clock: services.clock,
  log: services.log,
  fetch: { allowLoopback: services.config.OUTSIDE_FETCH_ALLOW_LOOPBACK === true },
});

/** An intent that makes one change to a lawyer's calendar or feed and answers with whose it was. */
const memberChange = (failure: string, change: (db: Services["db"], user: AdminUser, member: MemberId) => Promise<void>) =>
  intent({
    failure,
    permission: "consultations.settings",
    schema: z.object({ member }),
    run: async ({ input, services, user }) => {
      await change(services.db, user, input.member);
      return { member: input.member };
    },
  });

export const lawyerCalendarIntents = {
  "set-lawyer-calendar": intent({
    failure: "The calendar address was not saved",
    permission: "consultations.settings",
    schema: z.object({ member, address: z.string({ error: "Enter the calendar's address." }).max(ADDRESS_MAX + 100, `The address can be at most ${ADDRESS_MAX} characters.`) }),
    serverFailure: "The calendar address could not be saved. Please try again.",
    run: async ({ input, services, user }) => {
      const checked = checkAddress(input.address, { allowHttp: services.config.OUTSIDE_FETCH_ALLOW_LOOPBACK === true });
      if (!checked.ok) throw refuseWith("invalid", checked.message, ["address"]);
      const { replaced } = await setCalendarAddress(services.db, user, input.member, checked, services.clock.now());
      // Read it at once, so the admin sees whether the address works (the sweep would, within a minute).
      const read = await readCalendar(readerOf(services), input.member);
      return { member: input.member, host: checked.host, replaced, read };
    },
  }),
  "read-lawyer-calendar": intent({
    failure: "The calendar was not read",
    permission: "consultations.settings",
    schema: z.object({ member }),
    run: async ({ input, services }) => ({ member: input.member, read: await readCalendar(readerOf(services), input.member) }),
  }),
  "remove-lawyer-calendar": memberChange("The calendar address was not removed", removeCalendar),
  "create-lawyer-feed": intent({
    failure: "The lawyer's calendar feed was not made",
    permission: "consultations.settings",
    schema: z.object({ member }),
    run: async ({ input, services, user }) => {
      const { token, replaced } = await createLawyerFeed(services.db, user, input.member);
      // Shown once: only the token's hash is stored.
      return { member: input.member, feedUrl: new URL(lawyerFeedPath(token), services.config.SITE_URL).href, replaced };
    },
  }),
  "revoke-lawyer-feed": memberChange("The lawyer's calendar feed was not revoked", revokeLawyerFeed),
};
