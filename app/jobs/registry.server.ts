import type { Services } from "../services";
import type { AnyJobKind } from "./runner.server";
import { translateMissing } from "../admin/content/translate.server";
import { regeneratePosts, translatePosts } from "../admin/blog/ai.server";
import { contactNotify } from "../contact/notify.server";
import { generatePost } from "../admin/automation/daily.server";
import { instagramPost } from "../admin/instagram/post.server";
import { newsletterMailJob } from "../blog/newsletter-mail.server";
import { unlockMailJob } from "../auth/unlock.server";

/** Every job this server runs, each declared with `defineJob` beside the work it does (decision 0058). */
export function jobKinds(services: Services): AnyJobKind[] {
  return [
    translateMissing.kind(services),
    translatePosts.kind(services),
    regeneratePosts.kind(services),
    contactNotify.kind(services),
    generatePost.kind(services),
    instagramPost.kind(services),
    newsletterMailJob.kind(services),
    unlockMailJob.kind(services),
  ];
}
