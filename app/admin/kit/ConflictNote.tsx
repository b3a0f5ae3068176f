import { CircleAlert } from "lucide-react";
import { Link } from "react-router";
import { conflictPath, conflictRecord, conflictWhy, hitRecord, recordPath, type ConflictHit, type StoredConflict } from "~/conflicts/conflict-labels";

/**
 * "Possible conflict" on a booking or a contact message (decisions 0080, 0106): which name matched
 * which earlier record and why, and which later records matched this one; each record a link to
 * where it is shown. Staff only; the visitor never sees it.
 */
export function ConflictNote({ conflicts, hits = [] }: { conflicts: readonly StoredConflict[]; hits?: readonly ConflictHit[] }) {
  const link = "font-medium text-amber-950 underline underline-offset-2 hover:text-amber-800";
  return (
    <section className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" aria-label="Possible conflict">
      <p className="flex items-center gap-1.5 font-semibold">
        <CircleAlert aria-hidden="true" className="size-4" />
        Possible conflict
      </p>
      <ul className="mt-1 list-disc space-y-0.5 ps-5">
        {conflicts.map((match, i) => {
          const path = conflictPath(match);
          return (
            <li key={`m${i}`}>
              <bdi>{match.name}</bdi> matched{" "}
              {path ? (
                <Link to={path} className={link} reloadDocument>
                  {conflictRecord(match)}
                </Link>
              ) : (
                conflictRecord(match)
              )}
              : “<bdi>{match.matched}</bdi>” ({conflictWhy(match)})
            </li>
          );
        })}
        {hits.map((hit, i) => (
          <li key={`h${i}`}>
            Matched later by{" "}
            <Link to={recordPath(hit.by, hit.byId)} className={link} reloadDocument>
              {hitRecord(hit)}
            </Link>
            : “<bdi>{hit.name}</bdi>” matched “<bdi>{hit.matched}</bdi>” ({conflictWhy(hit)})
          </li>
        ))}
      </ul>
    </section>
  );
}
