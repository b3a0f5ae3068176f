import type { ReactNode } from "react";
import { Download } from "lucide-react";
import { Form, Link } from "react-router";
import { AdminTab } from "~/admin/kit/AdminTab";
import { historyPath, type HistoryKindName } from "~/admin/kit/history-paths";
import {
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_PAGE_SIZE,
  auditQuery,
} from "~/audit/filters";
import type { AuditOptions, AuditRow } from "~/audit/log.server";
import { Button, buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Options, type Choice } from "~/components/ui/options";

interface AuditTableProps {
  options: AuditOptions;
  /** The filters as given (echoed into the form). */
  values: Record<string, string>;
  error: string | null;
  rows: AuditRow[];
  total: number;
  page: number;
  pageCount: number;
}

const COLUMNS = [
  "When (Vancouver time)",
  "Person",
  "Action",
  "Item",
  "Details",
  "Session",
] as const;
const SELECT = "h-9 rounded-md border border-slate-300 bg-white px-2 text-sm";
const number = new Intl.NumberFormat("en-CA");

/** The audit log's entity names of items with a History page. */
const HISTORY_KINDS: Partial<Record<string, HistoryKindName>> = {
  blog_post: "post",
  content_text: "content",
  team_member: "team_member",
};

/** Client records' entities, by the record filter's kind (decision 0091). */
const RECORD_KINDS: Partial<Record<string, string>> = {
  contact_submission: "contact",
  consultation_booking: "booking",
  newsletter_subscriber: "subscriber",
};

function historyHref(row: AuditRow): string | null {
  const kind = HISTORY_KINDS[row.entity];
  if (kind && row.entityId) return historyPath(kind, row.entityId);
  // A client record: every look at it and change of it.
  const record = row.entity === "client_records" ? row.entityId : RECORD_KINDS[row.entity] && row.entityId ? `${RECORD_KINDS[row.entity]}:${row.entityId}` : null;
  return record ? `/admin/dashboard/audit${auditQuery({ record })}` : null;
}

/**
 * A GET form: the filters are in the address, so they work without JavaScript and can be bookmarked.
 * Each filter's control is named as its query parameter, has the id audit-<name> and shows the value in force.
 */
function Filters({
  options,
  values,
}: Pick<AuditTableProps, "options" | "values">) {
  const asChoices = (list: string[]) =>
    list.map((value) => ({ value, label: value }));
  const filter = (name: string, label: string, control: ReactNode) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`audit-${name}`} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {control}
    </div>
  );
  const select = (name: string, label: string, all: string, choices: Choice[]) =>
    filter(
      name,
      label,
      <select id={`audit-${name}`} name={name} defaultValue={values[name] ?? ""} className={SELECT}>
        <option value="">{all}</option>
        <Options choices={choices} />
      </select>,
    );
  // The record and client filters (decision 0091): who has seen, or changed, this person's records.
  const text = (name: string, label: string, type: "text" | "email", placeholder?: string) =>
    filter(name, label, <input id={`audit-${name}`} type={type} name={name} defaultValue={values[name] ?? ""} placeholder={placeholder} dir="ltr" className={`${SELECT} w-56`} />);
  const date = (name: string, label: string) =>
    filter(name, label, <input id={`audit-${name}`} type="date" name={name} defaultValue={values[name] ?? ""} className={SELECT} />);
  return (
    // A key per filter set: after a navigation the fields show the filters in force.
    <Form
      method="get"
      key={auditQuery(values)}
      className="flex flex-wrap items-end gap-3 p-4"
      aria-label="Filter the audit log"
    >
      {select("person", "Person", "Everyone", options.people)}
      {text("record", "Client record (e.g. contact:12)", "text", "contact:12")}
      {text("client", "Client e-mail", "email")}
      {select("action", "Action", "All actions", asChoices(options.actions))}
      {select("entity", "Kind of item", "All kinds", asChoices(options.entities))}
      {date("from", "From (Vancouver day)")}
      {date("to", "To (Vancouver day)")}
      <Button type="submit" variant="primary" size="sm" className="h-9">
        Filter
      </Button>
      <Link
        to="/admin/dashboard/audit"
        className={buttonClass("ghost", "sm", "h-9")}
      >
        Clear filters
      </Link>
    </Form>
  );
}

function Pager({
  values,
  page,
  pageCount,
}: Pick<AuditTableProps, "values" | "page" | "pageCount">) {
  if (pageCount <= 1) return null;
  const link = (to: number) =>
    `/admin/dashboard/audit${auditQuery({ ...values, page: to })}`;
  return (
    <nav
      aria-label="Audit log pages"
      className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm"
    >
      {page > 1 ? (
        <Link
          to={link(page - 1)}
          className={buttonClass("secondary", "sm")}
          rel="prev"
        >
          Newer entries
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-700">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link
          to={link(page + 1)}
          className={buttonClass("secondary", "sm")}
          rel="next"
        >
          Older entries
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The Audit tab: who did what, when and from which session; filtered, paged and exported (admins only). */
export function AuditTable({
  options,
  values,
  error,
  rows,
  total,
  page,
  pageCount,
}: AuditTableProps) {
  const exportHref = `/admin/dashboard/audit/export${auditQuery(values)}`;
  const first = (page - 1) * AUDIT_PAGE_SIZE + 1;
  return (
    <AdminTab
      id="audit-heading"
      title="Audit log"
      description="Every sign-in, change, publication and export, with who did it, when and from which session. Newest first."
      actions={
        error ? null : (
          // A plain download: the browser saves the file, no client-side routing.
          <a
            href={exportHref}
            download
            className={buttonClass("secondary", "sm")}
          >
            <Download aria-hidden className="size-4" />
            Export CSV
            <span className="sr-only"> of the filtered audit log</span>
          </a>
        )
      }
    >
      <Card>
        <Filters options={options} values={values} />
        {error ? (
          <p
            role="alert"
            className="mx-4 mb-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900"
          >
            These filters cannot be used: {error}
          </p>
        ) : (
          <p className="px-4 pb-3 text-sm text-slate-700" role="status">
            {total === 0
              ? "No entries match these filters."
              : `${number.format(total)} ${total === 1 ? "entry" : "entries"}; showing ${number.format(first)}–${number.format(first + rows.length - 1)}.`}{" "}
            {total > AUDIT_EXPORT_MAX_ROWS
              ? `The CSV export holds the newest ${number.format(AUDIT_EXPORT_MAX_ROWS)} of them; narrow the dates to export the rest.`
              : `The CSV export holds at most ${number.format(AUDIT_EXPORT_MAX_ROWS)} entries.`}
          </p>
        )}
        {rows.length > 0 ? (
          <div className="overflow-x-auto border-t border-slate-200">
            <table className="w-full text-start text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  {COLUMNS.map((column) => (
                    <th
                      key={column}
                      scope="col"
                      className="px-4 py-2 text-start font-semibold"
                    >
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {rows.map((row) => {
                  const href = historyHref(row);
                  return (
                    <tr key={row.id} className="align-top">
                      <td className="whitespace-nowrap px-4 py-2 text-slate-800">
                        {row.when}
                      </td>
                      <td className="px-4 py-2 break-all text-slate-900">
                        {row.person}
                      </td>
                      <td className="px-4 py-2 font-mono text-xs text-slate-900">
                        {row.action}
                      </td>
                      <td className="px-4 py-2 text-slate-800">
                        {row.entity}
                        {row.entityId ? (
                          <>
                            {" "}
                            {href ? (
                              <Link
                                to={href}
                                className="font-medium text-brand-800 underline underline-offset-2"
                              >
                                {row.entityId}
                                <span className="sr-only"> (history)</span>
                              </Link>
                            ) : (
                              <span className="break-all">{row.entityId}</span>
                            )}
                          </>
                        ) : null}
                      </td>
                      <td className="max-w-md px-4 py-2 break-words text-slate-700">
                        {row.details}
                      </td>
                      <td className="px-4 py-2 font-mono text-xs text-slate-700">
                        {row.session ?? "—"}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : null}
        <Pager values={values} page={page} pageCount={pageCount} />
      </Card>
    </AdminTab>
  );
}
