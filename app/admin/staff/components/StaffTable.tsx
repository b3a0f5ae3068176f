import { useState, type ComponentProps, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { AdminTab } from "~/admin/kit/AdminTab";
import { useResultToast } from "~/admin/kit/hooks";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ROLES } from "~/auth/roles";
import type { StaffMember } from "~/staff/staff.server";
import type { StaffActionResult } from "../actions.server";
import { AdminTable } from "~/admin/kit/AdminTable";

type Row = StaffMember & { lastSeenText: string };

const COLUMNS = ["Name", "Email", "Role", "Status", "Second factor", "Open sessions", "Last seen"] as const;

/** One account's row: its role form, and the disable/enable and end-sessions buttons (plain forms: they work without JavaScript too). */
function StaffRow({ member, me }: { member: Row; me: string }) {
  const fetcher = useFetcher<StaffActionResult>();
  const busy = fetcher.state !== "idle";
  useResultToast(fetcher, (answer) => {
    if (answer.intent === "change-role") return ["Role changed", `${member.email} is now ${answer.roles.join(", ")}.`];
    if (answer.intent === "disable") return ["Account disabled", `${member.email} can no longer sign in; ${answer.endedSessions} session(s) ended.`];
    if (answer.intent === "enable") return ["Account enabled", `${member.email} can sign in again.`];
    if (answer.intent === "end-sessions") return ["Sessions ended", `${member.email}: ${answer.endedSessions} session(s) ended.`];
    if (answer.intent === "reset-second-factor") return ["Second factor reset", `${member.email} signs in with a password now and sets up a new second factor; ${answer.endedSessions} session(s) ended.`];
    return null;
  });
  const roleId = `role-${member.id}`;
  const [role, setRole] = useState<string>(member.roles[0] ?? "");
  // Sensitive changes name the person in a dialog and send their address as the confirmation (decision 0090).
  const send = (intent: string, extra: Record<string, string> = {}) => fetcher.submit({ intent, userId: member.id, confirm: member.email, ...extra }, { method: "post" });
  const who = `${member.name} (${member.email})`;
  const told = "They are told by mail what was done and by whom.";
  return (
    <tr className="align-top">
      <th scope="row" className="px-4 py-3 text-start font-medium text-slate-900">
        {member.name}
        {member.id === me ? <span className="ms-1 text-slate-600">(you)</span> : null}
      </th>
      <td className="px-4 py-3 break-all text-slate-800">{member.email}</td>
      <td className="px-4 py-3">
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={roleId} className="sr-only">
            Role of {member.email}
          </label>
          <select id={roleId} name="role" value={role} onChange={(event) => setRole(event.target.value)} className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm">
            {member.roles.length === 0 ? <option value="">No role</option> : null}
            {ROLES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          <ConfirmedAction
            label="Change role"
            srLabel={<> of {member.email}</>}
            disabled={busy || role === "" || (member.roles.length === 1 && member.roles[0] === role)}
            title={`Change the role of ${member.name}?`}
            description={`${who} becomes ${role}: what they may see and do changes at their next page. ${told}`}
            confirmLabel={`Make ${member.name} ${role}`}
            destructive={false}
            onConfirm={() => send("change-role", { role })}
          />
        </div>
      </td>
      <td className="px-4 py-3">{member.disabled ? <Badge tone="danger">Disabled</Badge> : <Badge tone="success">Enabled</Badge>}</td>
      <td className="px-4 py-3">{member.secondFactor ? <Badge tone="success">On</Badge> : <Badge tone="neutral">Off</Badge>}</td>
      <td className="px-4 py-3 text-slate-800">{member.openSessions}</td>
      <td className="px-4 py-3 text-slate-800">{member.lastSeenText}</td>
      <td className="px-4 py-3">
        <div className="flex flex-wrap justify-end gap-2">
          {member.secondFactor && member.id !== me ? (
            <ConfirmedAction
              label="Reset second factor"
              srLabel={<> of {member.email}</>}
              disabled={busy}
              title={`Reset the second factor of ${member.name}?`}
              description={`${who} is signed out everywhere, their authenticator app and passkeys stop working, and they set up a new one at their next sign-in. Do this only after confirming who is asking. ${told}`}
              confirmLabel={`Reset ${member.name}'s second factor`}
              onConfirm={() => send("reset-second-factor")}
            />
          ) : null}
          <fetcher.Form method="post">
            <input type="hidden" name="userId" value={member.id} />
            <Button type="submit" name="intent" value="end-sessions" variant="secondary" size="sm" disabled={busy || member.openSessions === 0}>
              End all sessions<span className="sr-only"> of {member.email}</span>
            </Button>
          </fetcher.Form>
          {member.disabled ? (
            <ConfirmedAction
              label="Enable"
              srLabel={<> {member.email}</>}
              disabled={busy}
              title={`Enable ${member.name}?`}
              description={`${who} can sign in again with their password. ${told}`}
              confirmLabel={`Enable ${member.name}`}
              destructive={false}
              onConfirm={() => send("enable")}
            />
          ) : member.id === me ? null : (
            <ConfirmedAction
              label="Disable"
              srLabel={<> {member.email}</>}
              variant="destructive"
              disabled={busy}
              title={`Disable ${member.name}?`}
              description={`${who} is signed out everywhere at once and cannot sign in until an admin enables the account. ${told}`}
              confirmLabel={`Disable ${member.name}`}
              onConfirm={() => send("disable")}
            />
          )}
        </div>
      </td>
    </tr>
  );
}

/**
 * A row's action behind a dialog that names the member: its button says what it does, and its
 * hidden words name the member to a screen reader.
 */
function ConfirmedAction({ label, srLabel, variant = "secondary", disabled, ...dialog }: { label: string; srLabel: ReactNode; variant?: "secondary" | "destructive"; disabled: boolean } & Omit<ComponentProps<typeof ConfirmDialog>, "trigger">) {
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant={variant} size="sm" disabled={disabled}>
          {label}
          <span className="sr-only">{srLabel}</span>
        </Button>
      }
      {...dialog}
    />
  );
}

/** The Staff tab: every account, its role, state, sessions and last activity (admins only). */
export function StaffTable({ staff, me }: { staff: Row[]; me: string }) {
  return (
    <AdminTab
      id="staff-heading"
      title={`Staff (${staff.length})`}
      description="Change a role, disable or enable an account, or end its sessions. Disabling an account signs it out everywhere at once. The last enabled admin cannot be disabled or demoted."
    >
      <Card>
        <AdminTable columns={COLUMNS}>
          {staff.map((member) => (
            <StaffRow key={member.id} member={member} me={me} />
          ))}
        </AdminTable>
      </Card>
    </AdminTab>
  );
}
