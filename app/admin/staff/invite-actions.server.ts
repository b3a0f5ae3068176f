/**
 * The Staff tab's invitations (decision 0069): invite, resend, revoke (admins only: staff.manage).
 * The rules are in app/staff/invites.server.ts.
 */
import { intent } from "~/admin/kit/action.server";
import { inviteSchema, invitedEmailSchema } from "~/auth/account-forms";
import { inviteStaff, resendInvitation, revokeInvitation } from "~/staff/invites.server";

export const inviteIntents = {
  invite: intent({
    failure: "Failed to send the invitation",
    schema: inviteSchema,
    run: async ({ input, services, user }) => inviteStaff(services.db, user, input.email, input.role),
  }),
  "resend-invite": intent({
    failure: "Failed to resend the invitation",
    schema: invitedEmailSchema,
    run: async ({ input, services, user }) => resendInvitation(services.db, user, input.email),
  }),
  "revoke-invite": intent({
    failure: "Failed to revoke the invitation",
    schema: invitedEmailSchema,
    run: async ({ input, services, user }) => revokeInvitation(services.db, user, input.email),
  }),
};
