/**
 * The Consultations tab's actions on the admin kit (decision 0080), and the result type its
 * components read. Handling bookings needs consultations.handle; availability and closed dates
 * consultations.settings (admins); one's own calendar feed consultations.read; each lawyer's
 * calendar address and feed consultations.settings (lawyer-calendar-actions.server.ts).
 */
import { z } from "zod";
import { intent, type ActionResult } from "~/admin/kit/action.server";
import { idField } from "~/admin/kit/ids";
import { loadBookingSettings, saveBookingSettings } from "~/booking/availability.server";
import { createFeed, feedPath, revokeFeed } from "~/booking/feed.server";
import { parseDate } from "~/booking/slots.server";
import { addClosedDate, CLOSED_NOTE_MAX, NOTES_MAX, removeClosedDate, saveBookingNotes, setBookingStatus } from "~/booking/staff.server";
import { STAFF_ACTION_NAMES, type StaffAction } from "~/booking/status";
import { auditFrom } from "~/changes/audit.server";
import { commit, NO_EVENTS } from "~/changes/commit.server";
import { refuse, refuseWith } from "~/changes/errors.server";
import { defineMessages, sentence } from "~/changes/refusal";
import { checkSettingsForm } from "./settings-form";
import { clientField, markClient } from "~/privacy/clients.server";
import { userCan } from "~/auth/guard.server";
import { saveContentEntries } from "~/content/entries.server";
import { CONTENT_MAX_LENGTH } from "~/content/schema";
import { DECLINE_TEXT_KEYS } from "~/booking/decline-texts.server";
import { lawyerCalendarIntents } from "./lawyer-calendar-actions.server";

/** The Consultations tab's form refusals (decision 0101). */
const M = defineMessages("admin.consultations", {
  checkForm: "Check the form.",
});


const DECLINE_TEXT_NAMES = { "booking-mail-declined-intro": "The 'another time' message", "booking-mail-cannot-act-intro": "The 'we cannot act' message", "booking-mail-referral-text": "The referral line" } as const;
const declineText = (name: string, required: boolean) => {
  const base = z.string({ error: `${name} is missing.` }).trim().max(CONTENT_MAX_LENGTH, `${name} is too long.`);
  return required ? base.min(1, `${name} in English is required.`) : base.default("");
};
/** The decline messages' form: `<key>.en` (required), `<key>.fa`, `<key>.zh` (blank: the English shows). */
const declineTextsSchema = z.object(
  Object.fromEntries(
    DECLINE_TEXT_KEYS.flatMap((key) => [
      [`${key}.en`, declineText(DECLINE_TEXT_NAMES[key], true)],
      [`${key}.fa`, declineText(`${DECLINE_TEXT_NAMES[key]} in Farsi`, false)],
      [`${key}.zh`, declineText(`${DECLINE_TEXT_NAMES[key]} in Chinese`, false)],
    ]),
  ) as Record<string, z.ZodType<string>>,
);

const bookingId = idField("Unknown booking.");
const day = z.string({ error: "Enter a date." }).refine((value) => parseDate(value) !== null, "Enter a date as YYYY-MM-DD.");

export const intents = {
  status: intent({
    failure: "The booking was not changed",
    schema: z.object({
      id: bookingId,
      action: z.enum(STAFF_ACTION_NAMES as [StaffAction, ...StaffAction[]], { error: "Unknown action." }),
      // "We cannot act": add the firm's referral line to the mail.
      referral: z.enum(["on"], { error: "Unknown referral choice." }).optional(),
    }),
    serverFailure: "The change could not be saved. Please try again.",
    run: async ({ input, services, user }) => setBookingStatus(services.db, user, input.id, input.action, new Date(), { referral: input.referral === "on" }),
  }),
  // Retained the firm: the retention sweep keeps the booking (decision 0092).
  client: intent({
    failure: "The booking was not changed",
    schema: z.object({ id: bookingId, client: clientField }),
    serverFailure: "The change could not be saved. Please try again.",
    run: async ({ input, services, user }) => markClient(services.db, user, "booking", input.id, input.client, services.clock.now()),
  }),
  notes: intent({
    failure: "The notes were not saved",
    schema: z.object({ id: bookingId, notes: z.string().max(NOTES_MAX, `Notes can be at most ${NOTES_MAX} characters.`).default("") }),
    serverFailure: "The notes could not be saved. Please try again.",
    run: async ({ input, services, user }) => {
      await saveBookingNotes(services.db, user, input.id, input.notes.trim());
      return {};
    },
  }),
  settings: intent({
    failure: "The availability was not saved",
    permission: "consultations.settings",
    echoValues: true,
    serverFailure: "The availability could not be saved. Please try again.",
    run: async ({ form, services, user }) => {
      const { db } = services;
      const current = await loadBookingSettings(db);
      const checked = checkSettingsForm(form, current.closedDates);
      if (!checked.ok) throw refuseWith("invalid", Object.values(checked.fieldErrors)[0] ?? sentence(M.checkForm), checked.fieldErrors);
      return commit({ db, events: NO_EVENTS }, async (tx) => {
        const saved = await saveBookingSettings(tx, checked.settings);
        if (!saved.ok) throw refuse("invalid", M.checkForm);
        const { closedDates: _dates, ...details } = saved.settings;
        return { result: {}, audit: { ...auditFrom(user), action: "update", entity: "consultation_settings", entityId: 1, details } };
      });
    },
  }),
  "decline-texts": intent({
    failure: "The decline messages were not saved",
    permission: "consultations.settings",
    schema: declineTextsSchema,
    echoValues: true,
    serverFailure: "The decline messages could not be saved. Please try again.",
    run: async ({ input, services, user }) => {
      const entries = DECLINE_TEXT_KEYS.map((key) => ({ key, content: input[`${key}.en`], contentFa: input[`${key}.fa`], contentZh: input[`${key}.zh`] }));
      // Through the content store: history, audit and every instance's text cache (decision 0096).
      const result = await saveContentEntries(services, user, { entries }, { propose: !userCan(user, "changes.publish") });
      return { changed: result.changed.length, proposed: result.proposed.length };
    },
  }),
  "add-closed-date": intent({
    failure: "The date was not closed",
    permission: "consultations.settings",
    schema: z.object({
      day,
      note: z.string().trim().max(CLOSED_NOTE_MAX, `A note can be at most ${CLOSED_NOTE_MAX} characters.`).default(""),
      // Closing a date with bookings needs this ticked (decision 0111).
      confirm: z.enum(["on"], { error: "Tick the box or leave it empty." }).optional(),
    }),
    echoValues: true,
    run: async ({ input, services, user }) => {
      const { notified } = await addClosedDate(services.db, user, input.day, input.note, { confirm: input.confirm === "on", now: services.clock.now() });
      return { day: input.day, notified };
    },
  }),
  "remove-closed-date": intent({
    failure: "The date was not removed",
    permission: "consultations.settings",
    schema: z.object({ day }),
    run: async ({ input, services, user }) => {
      await removeClosedDate(services.db, user, input.day);
      return { day: input.day };
    },
  }),
  "create-feed": intent({
    failure: "The calendar feed was not made",
    permission: "consultations.read",
    run: async ({ services, user }) => {
      const { token, replaced } = await createFeed(services.db, user);
      // Shown once: only the token's hash is stored.
      return { feedUrl: new URL(feedPath(token), services.config.SITE_URL).href, replaced };
    },
  }),
  "revoke-feed": intent({
    failure: "The calendar feed was not revoked",
    permission: "consultations.read",
    run: async ({ services, user }) => {
      await revokeFeed(services.db, user);
      return {};
    },
  }),
  // Each lawyer's own calendar and feed (decision 0105), admins only.
  ...lawyerCalendarIntents,
};
export type ConsultationsResult = ActionResult<typeof intents>;
