import type { Services } from "../app/services";
import type { AnyJobKind } from "../app/jobs/runner.server";
import { translateMissing } from "../app/content/translate.server";
import { regeneratePosts, translatePosts } from "../app/blog/ai.server";
import { contactNotify } from "../app/contact/notify.server";
import { generatePost } from "../app/automation/daily.server";
import { instagramPost } from "../app/instagram/post.server";
import { newsletterMailJob } from "../app/newsletter/confirm-mail.server";
import { newsletterSendJob } from "../app/newsletter/send-job.server";
import { newsletterTestJob } from "../app/newsletter/test-mail.server";
import { unlockMailJob } from "../app/auth/unlock.server";
import { emailChangedMailJob, emailConfirmMailJob, inviteMailJob, resetMailJob, staffChangeMailJob } from "../app/auth/account-mail.server";
import { bookingMailJob } from "../app/booking/mails.server";
import { reviewDigestJob, reviewOutcomeJob } from "../app/review/notices.server";

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
    inviteMailJob.kind(services),
    resetMailJob.kind(services),
    emailConfirmMailJob.kind(services),
    emailChangedMailJob.kind(services),
    staffChangeMailJob.kind(services),
    bookingMailJob.kind(services),
    newsletterSendJob.kind(services),
    newsletterTestJob.kind(services),
    reviewDigestJob.kind(services),
    reviewOutcomeJob.kind(services),
  ];
}
