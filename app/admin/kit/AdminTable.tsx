import type { ReactNode } from "react";
import { TableHead } from "./TableHead";

/**
 * An admin table: it scrolls sideways on a narrow screen, its head row names the columns (and the
 * actions column), and its rows come as children. `boxed` draws its own border, for a table that
 * stands on the page rather than in a card.
 */
export function AdminTable({ columns, caption, boxed = false, children }: { columns: readonly string[]; caption?: string; boxed?: boolean; children: ReactNode }) {
  return (
    <div className={boxed ? "overflow-x-auto rounded-lg border border-slate-200 bg-white" : "overflow-x-auto"}>
      <table className={boxed ? "w-full text-sm" : "w-full text-start text-sm"}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <TableHead columns={columns} />
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}
