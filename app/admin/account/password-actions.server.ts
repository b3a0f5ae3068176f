/**
 * Your account: change your own password and email (decision 0069), for any staff member on their
 * own account (dashboard.open). The rules are in app/auth/own-account.server.ts.
 */
import { intent } from "~/admin/kit/action.server";
import { changeEmailSchema, changePasswordSchema } from "~/auth/account-forms";
import { changeOwnPassword, requestEmailChange } from "~/auth/own-account.server";
import { commonPasswordReason } from "~/auth/password-policy.server";
import { refuseWith } from "~/changes/errors.server";

export const passwordIntents = {
  "change-password": intent({
    failure: "Failed to change the password",
    permission: "dashboard.open",
    schema: changePasswordSchema,
    run: async ({ input, services, user }) => {
      const common = commonPasswordReason(input.newPassword, [user.email.split("@")[0]]);
      if (common) throw refuseWith("invalid", common, ["newPassword"]);
      return changeOwnPassword(services.db, user, input.currentPassword, input.newPassword);
    },
  }),
  "change-email": intent({
    failure: "Failed to change the email address",
    permission: "dashboard.open",
    schema: changeEmailSchema,
    run: async ({ input, services, user }) => requestEmailChange(services.db, user, input.newEmail, input.currentPassword),
  }),
};
