import { useRef } from "react";
import { useFetcher } from "react-router";
import { AdminTab } from "~/admin/kit/AdminTab";
import { useResultToast } from "~/admin/kit/hooks";
import { AdminTable } from "~/admin/kit/AdminTable";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { InputField } from "~/components/ui/field";
import { ROLES } from "~/auth/roles";
import type { PendingInvitation } from "~/staff/invites.server";
import type { StaffActionResult } from "../actions.server";

export type InvitationRow = PendingInvitation & { expiresText: string };

const COLUMNS = ["Email", "Role", "Invited by", "Link expires"] as const;

/** Invite someone by address and role: they get a link by mail, valid 72 hours. */
function InviteForm() {
  const fetcher = useFetcher<StaffActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  useResultToast(fetcher, (answer) => (answer.intent === "invite" ? ["Invitation sent", `${answer.email} can create their ${answer.role} account with the link in the mail (valid 72 hours).`] : null), (answer) => {
    if (answer.ok) form.current?.reset();
  });
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  return (
    <fetcher.Form ref={form} method="post" className="flex flex-wrap items-end gap-3">
      <InputField name="email" type="email" label="Email" required maxLength={255} autoComplete="off" className="min-w-64 flex-1" error={failed?.fieldErrors?.email} />
      <div className="flex flex-col gap-1">
        <label htmlFor="invite-role" className="text-sm font-medium text-slate-900">
          Role
        </label>
        <select id="invite-role" name="role" defaultValue="editor" className="h-10 rounded-md border border-slate-300 bg-white px-2 text-sm">
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" name="intent" value="invite" disabled={busy}>
        Send invitation
      </Button>
    </fetcher.Form>
  );
}

function InvitationLine({ invitation }: { invitation: InvitationRow }) {
  const fetcher = useFetcher<StaffActionResult>();
  const busy = fetcher.state !== "idle";
  useResultToast(fetcher, (answer) =>
    answer.intent === "resend-invite" ? ["Invitation sent again", `The earlier link to ${invitation.email} no longer works.`] : answer.intent === "revoke-invite" ? ["Invitation revoked", `The link to ${invitation.email} no longer works.`] : null,
  );
  return (
    <tr className="align-top">
      <th scope="row" className="px-4 py-3 text-start font-medium break-all text-slate-900">
        {invitation.email}
      </th>
      <td className="px-4 py-3 text-slate-800">{invitation.role}</td>
      <td className="px-4 py-3 break-all text-slate-800">{invitation.invitedBy}</td>
      <td className="px-4 py-3 text-slate-800">{invitation.expired ? <Badge tone="danger">Expired</Badge> : invitation.expiresText}</td>
      <td className="px-4 py-3">
        <fetcher.Form method="post" className="flex flex-wrap justify-end gap-2">
          <input type="hidden" name="email" value={invitation.email} />
          <Button type="submit" name="intent" value="resend-invite" variant="secondary" size="sm" disabled={busy}>
            Resend<span className="sr-only"> the invitation to {invitation.email}</span>
          </Button>
          <Button type="submit" name="intent" value="revoke-invite" variant="destructive" size="sm" disabled={busy}>
            Revoke<span className="sr-only"> the invitation to {invitation.email}</span>
          </Button>
        </fetcher.Form>
      </td>
    </tr>
  );
}

/** The Staff tab's invitations: the form, and the invitations not yet accepted. */
export function Invitations({ invitations }: { invitations: InvitationRow[] }) {
  return (
    <AdminTab
      id="invitations-heading"
      title={`Invitations (${invitations.length})`}
      description="Invite someone by email with a role. The link in the mail works once, within 72 hours; Resend makes a new link and voids the old one."
    >
      <Card className="p-4">
        <InviteForm />
      </Card>
      {invitations.length > 0 ? (
        <Card>
          <AdminTable columns={COLUMNS}>
            {invitations.map((invitation) => (
              <InvitationLine key={invitation.email} invitation={invitation} />
            ))}
          </AdminTable>
        </Card>
      ) : null}
    </AdminTab>
  );
}
