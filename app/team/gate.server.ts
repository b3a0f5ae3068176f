/**
 * A team member's publishing gate (decision 0087). A member is public while shown (`active`). The
 * rule is the one of every gate (app/publishing/sign-off.server.ts): someone without the sign-off
 * proposes changes to a shown member and to a hidden member they would show, adds members hidden,
 * and cannot restore a member deleted while shown. What a member's publication is followed by
 * hangs off the "published" event, raised here in the publishing transaction.
 */
import type { Db } from "../../db/client";
import { emitPublished, type PublishDeps, type PublishPath } from "../publishing/published.server";
import type { Signer } from "../publishing/sign-off.server";
import { LANGUAGES, type Lang } from "../i18n/languages";
// Languages follow the English on every publication (decision 0097).
import "../translation/outdated.server";

/** An editor's restore of a member deleted while shown. */
export const DELETED_SHOWN_NEEDS_SIGN_OFF = "This team member was shown on the site when deleted: putting them back needs a lawyer's sign-off. Ask a lawyer or an admin to restore them.";

/** A shown member's content changed, or a hidden one was shown: the event, in the transaction. */
export async function memberPublished(
  tx: Db,
  deps: PublishDeps,
  memberId: number,
  facts: { actor: Signer | null; path: PublishPath; wentLive: boolean; languages?: ReadonlyArray<Lang>; words?: ReadonlyArray<Lang> },
): Promise<void> {
  const languages = facts.wentLive ? LANGUAGES : (facts.languages ?? LANGUAGES);
  if (languages.length === 0) return;
  await emitPublished({ tx, deps }, { entity: "team_member", entityId: memberId, wentLive: facts.wentLive, path: facts.path, actor: facts.actor, languages, words: facts.wentLive ? LANGUAGES : (facts.words ?? languages) });
}
