import { AdminTab } from "~/admin/kit/AdminTab";
import { Card } from "~/components/ui/card";
import { CLIENT_RECORD_PERMISSIONS, PERMISSIONS, ROLE_PERMISSIONS, ROLE_SUMMARIES, ROLES, type Permission } from "~/auth/roles";

const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];
/** Client records first: the rows a firm asks about first (decision 0090). */
const ORDERED = [...CLIENT_RECORD_PERMISSIONS, ...ALL_PERMISSIONS.filter((p) => !CLIENT_RECORD_PERMISSIONS.includes(p))];
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * "Who sees what": every permission against every role, generated from app/auth/roles.ts (the
 * table the server enforces), so the page can never say something the server does not do.
 */
export function RoleTable() {
  return (
    <AdminTab
      id="roles-heading"
      title="Who sees what"
      description="What each role may do, as the server enforces it. Client records (enquiries, bookings, conflict checks, newsletter subscribers and their exports) are shown to admins, lawyers and intake only, and every look at them is in the audit log. These roles always need a second factor."
    >
      <Card>
        <div className="overflow-x-auto">
          <table className="w-full text-start text-sm">
            <caption className="sr-only">Permissions of each staff role</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-2 text-start font-semibold">
                  May…
                </th>
                {ROLES.map((role) => (
                  <th key={role} scope="col" className="px-4 py-2 text-center font-semibold">
                    <abbr title={ROLE_SUMMARIES[role]} className="no-underline">
                      {role}
                    </abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {ORDERED.map((permission) => (
                <tr key={permission} data-permission={permission} className={CLIENT_RECORD_PERMISSIONS.includes(permission) ? "bg-amber-50" : undefined}>
                  <th scope="row" className="px-4 py-2 text-start font-normal text-slate-900">
                    {capital(PERMISSIONS[permission])}
                    {CLIENT_RECORD_PERMISSIONS.includes(permission) ? <span className="ms-1 text-xs font-semibold text-amber-900">(client records)</span> : null}
                  </th>
                  {ROLES.map((role) => (
                    <td key={role} className="px-4 py-2 text-center">
                      {ROLE_PERMISSIONS[role].includes(permission) ? (
                        <span className="font-semibold text-emerald-800">
                          Yes
                        </span>
                      ) : (
                        <span className="text-slate-600">No</span>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      <ul className="list-disc space-y-1 ps-5 text-sm text-slate-700">
        {ROLES.map((role) => (
          <li key={role}>
            <strong className="font-semibold text-slate-900">{role}</strong>: {ROLE_SUMMARIES[role]}
          </li>
        ))}
      </ul>
    </AdminTab>
  );
}
