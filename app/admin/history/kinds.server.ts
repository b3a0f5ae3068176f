/** The items with a history, by the name the History page's address uses. */
import { postRevisions } from "~/blog/revisions.server";
import { contentRevisions } from "~/content/revisions.server";
import { memberRevisions } from "~/team/revisions.server";
import type { Revisioned } from "~/revisions/review.server";
import type { HistoryKindName } from "~/admin/kit/history-paths";

// Each kind is typed by its own snapshot; the page only passes snapshots back to the same kind.
const HISTORY_KINDS: Record<HistoryKindName, Revisioned<unknown>> = {
  post: postRevisions as Revisioned<unknown>,
  content: contentRevisions as Revisioned<unknown>,
  team_member: memberRevisions as Revisioned<unknown>,
};

export function historyKind(name: string | undefined): Revisioned<unknown> | null {
  return name && Object.hasOwn(HISTORY_KINDS, name) ? HISTORY_KINDS[name as HistoryKindName] : null;
}
