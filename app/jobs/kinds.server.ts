import type { Services } from "../services";
import type { AnyJobKind } from "./runner.server";
import { translateMissingKind } from "../admin/content/translate.server";
import { regeneratePostsKind, translatePostsKind } from "../admin/blog/ai.server";
import { contactNotifyKind } from "../contact/notify.server";
import { generatePostKind } from "../admin/automation/daily.server";
import { instagramPostKind } from "../admin/instagram/post.server";
import { newsletterMailKind } from "../blog/newsletter-mail.server";
import { unlockMailKind } from "../auth/unlock.server";

/** Every kind of job this server runs; each tab's jobs are declared in its own folder. */
export function jobKinds(services: Services): AnyJobKind[] {
  return [
    translateMissingKind(services),
    translatePostsKind(services),
    regeneratePostsKind(services),
    contactNotifyKind(services) as AnyJobKind,
    generatePostKind(services) as AnyJobKind,
    instagramPostKind(services) as AnyJobKind,
    newsletterMailKind(services) as AnyJobKind,
    unlockMailKind(services) as AnyJobKind,
  ];
}
