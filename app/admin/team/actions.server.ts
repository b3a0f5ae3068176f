/**
 * The team tab's actions on the admin kit, and the result types its components read
 * (beside them, so no component imports its route).
 */
import { z } from "zod";
import { intent, type ActionResult } from "~/admin/kit/action.server";
import { userCan } from "~/auth/guard.server";
import { addMember, deleteMember, listTeam, setMemberPhoto, updateMember } from "~/team/members.server";
import { refuseStranded, saveLawyerSettings, upcomingBookingsOf } from "~/booking/lawyers.server";
import { lawyerFieldName, lawyerFromFormData, lawyerSchema } from "~/booking/lawyer-form";
import { slotGridChanged } from "~/booking/slot-grid-changes.server";
import { memberFieldName, memberFromFormData, memberIdSchema, memberSchema, memberTranslateSchema, photoUploadSchema } from "~/team/schema";
import { translateTeamText } from "~/content/translate.server";
import { versionFromForm } from "~/revisions/version";
import { teamMemberKey } from "~/i18n/team-member-keys";

export const intents = {
  add: intent({
    failure: "Failed to add member",
    run: async ({ services, user }) => ({ id: (await addMember(services, user)).id }),
  }),
  update: intent({
    failure: "Failed to update member",
    schema: memberSchema,
    input: memberFromFormData,
    fieldName: memberFieldName,
    run: async ({ input, services, user, form }) => {
      // Without the sign-off (an editor while it is on), a shown member's change is proposed (decision 0070).
      const { proposed } = await updateMember(services, user, input, versionFromForm(form), { propose: !userCan(user, "changes.publish") });
      return { id: input.id, proposed };
    },
  }),
  delete: intent({
    failure: "Failed to delete member",
    schema: z.object({ id: memberIdSchema }),
    run: async ({ input, services, user }) => {
      // A lawyer with consultations to come is not removed: those bookings would lose their lawyer (decision 0104).
      const upcoming = await upcomingBookingsOf(services.db, input.id, services.clock.now());
      if (upcoming.length > 0) {
        const [member] = (await listTeam(services.db)).filter((entry) => entry.id === input.id);
        throw refuseStranded(member?.name ?? "This team member", upcoming, "delete");
      }
      await deleteMember(services, user, input.id);
      return { id: input.id };
    },
  }),
  // "Bookable for consultations" (decision 0110): the availability's permission, not the team's.
  lawyer: intent({
    failure: "Failed to save the booking settings",
    permission: "consultations.settings",
    schema: lawyerSchema,
    input: lawyerFromFormData,
    fieldName: lawyerFieldName,
    run: async ({ input, services, user }) => {
      const { upcoming } = await saveLawyerSettings(services, user, input, services.clock.now());
      // The booking pages and the slots API read the lawyers afresh.
      slotGridChanged();
      return { id: input.id, bookable: input.bookable, upcoming };
    },
  }),
  translate: intent({
    failure: "Translation failed",
    schema: memberTranslateSchema,
    serverFailure: "Failed to translate content",
    run: async ({ input, services, user, request }) => {
      const key = teamMemberKey(input.id, input.field);
      const { translation, saved } = await translateTeamText(services, user, { key, language: input.language, englishInForm: input.english }, request.signal);
      return { id: input.id, field: input.field, language: input.language, translation, saved };
    },
  }),
  photo: intent({
    failure: "Failed to upload photo",
    schema: photoUploadSchema.extend({ photo: z.instanceof(File, { error: "Choose an image file to upload." }).refine((file) => file.size > 0, "Choose an image file to upload.") }),
    input: (form) => ({ id: form.get("id"), kind: form.get("kind"), photo: form.get("photo") }),
    run: async ({ input, services, user }) => {
      const { url, proposed } = await setMemberPhoto(services, user, input.id, input.kind, Buffer.from(await input.photo.arrayBuffer()));
      return { id: input.id, kind: input.kind, url, proposed };
    },
  }),
};
export type TeamActionResult = ActionResult<typeof intents>;
