import { CircleAlert } from "lucide-react";
import { conflictRecord, conflictWhy, type StoredConflict } from "~/conflicts/conflict-labels";

/**
 * "Possible conflict" on a booking or a contact message (decision 0080): which name matched which
 * earlier record, and why. Staff only; the visitor never sees it.
 */
export function ConflictNote({ conflicts }: { conflicts: readonly StoredConflict[] }) {
  return (
    <section className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" aria-label="Possible conflict">
      <p className="flex items-center gap-1.5 font-semibold">
        <CircleAlert aria-hidden="true" className="size-4" />
        Possible conflict
      </p>
      <ul className="mt-1 list-disc space-y-0.5 ps-5">
        {conflicts.map((match, i) => (
          <li key={i}>
            <bdi>{match.name}</bdi> matched {conflictRecord(match)}: “<bdi>{match.matched}</bdi>” ({conflictWhy(match)})
          </li>
        ))}
      </ul>
    </section>
  );
}
