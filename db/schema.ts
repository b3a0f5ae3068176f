import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
/** A private calendar feed's columns: only the SHA-256 of its secret token is stored. */
const secretFeed = () => ({
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: createdAt(),
});
/** The staff account a row belongs to, deleted with it. */
const ownerId = () =>
  text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

// ---------------------------------------------------------------- auth (better-auth models)

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  // Set when an admin disables the account (app/staff): it cannot sign in; null = enabled.
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  // better-auth's two-factor plugin: true once a TOTP secret is verified (decision 0068).
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
});

/**
 * better-auth's two-factor plugin: one row per user with a TOTP secret (encrypted with
 * SESSION_SECRET by the plugin) and the recovery codes (HMAC hashes, app/auth/second-factor.server.ts).
 */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: ownerId(),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factors_user_id_idx").on(t.userId), index("two_factors_secret_idx").on(t.secret)],
);

/**
 * Passkeys (decision 0074): WebAuthn credentials a person added on their account page, a second
 * way through the sign-in's second step. @simplewebauthn/server checks them; the public key is
 * the COSE key it returned, the counter the authenticator's signature counter (0 for most synced passkeys).
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    userId: ownerId(),
    /** The person's own label ("Work laptop"). */
    name: text("name").notNull(),
    /** base64url, as browsers send it. */
    credentialId: text("credential_id").notNull().unique(),
    publicKey: bytea("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    /** JSON array of the authenticator's transports ("internal", "hybrid", "usb"…), a hint for the browser. */
    transports: text("transports").notNull().default("[]"),
    /** "singleDevice" or "multiDevice" (synced). */
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("passkeys_user_id_idx").on(t.userId)],
);

/** Staff policy, one row (id 1), changed by admins on the Staff tab (decisions 0068, 0070). */
export const staffSettings = pgTable("staff_settings", {
  id: integer("id").primaryKey().default(1),
  // Only a lawyer or an admin can make machine-written text or a proposed change public.
  signOffRequired: boolean("sign_off_required").notNull().default(true),
  // A second factor for every role, not only admins (admins always need one unless ADMIN_SECOND_FACTOR=optional).
  secondFactorForAll: boolean("second_factor_for_all").notNull().default(false),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: ownerId(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: ownerId(),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable("verifications", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The admin role lives here, as in the original product: a row (user, 'admin') grants the dashboard. */
export const userRoles = pgTable(
  "user_roles",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(),
    role: text("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_roles_user_role_uq").on(t.userId, t.role)],
);

// ---------------------------------------------------------------- content

export const contentText = pgTable(
  "content_text",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull().unique(),
    label: text("label").notNull().default(""),
    content: text("content").notNull().default(""),
    contentFa: text("content_fa"),
    contentZh: text("content_zh"),
    category: text("category").notNull().default("uncategorized"),
    /** Raised by every write: a save names the version it was made from, and a stale one is refused (decision 0061). */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("content_text_category_key_idx").on(t.category, t.key)],
);

export const teamMembers = pgTable(
  "team_members",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    orderIndex: integer("order_index").notNull().default(0),
    active: boolean("active").notNull().default(true),
    /** A /media/... reference (never a data URL). */
    photoUrl: text("photo_url"),
    photoBwUrl: text("photo_bw_url"),
    /** Raised by every write, the member's texts included (decision 0061). */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("team_members_active_order_idx").on(t.active, t.orderIndex)],
);

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    content: text("content").notNull().default(""),
    metaDescription: text("meta_description"),
    imageAltText: text("image_alt_text"),
    featuredImage: text("featured_image"),
    author: text("author").notNull().default(""),
    published: boolean("published").notNull().default(false),
    publishedAt: date("published_at", { mode: "string" }),
    titleFa: text("title_fa"),
    excerptFa: text("excerpt_fa"),
    contentFa: text("content_fa"),
    metaDescriptionFa: text("meta_description_fa"),
    imageAltTextFa: text("image_alt_text_fa"),
    titleZh: text("title_zh"),
    excerptZh: text("excerpt_zh"),
    contentZh: text("content_zh"),
    metaDescriptionZh: text("meta_description_zh"),
    imageAltTextZh: text("image_alt_text_zh"),
    instagramPosted: boolean("instagram_posted").notNull().default(false),
    instagramPostId: text("instagram_post_id"),
    instagramError: text("instagram_error"),
    /** The Graph API container of the post in flight, stored the moment it is created (never post twice). */
    instagramContainerId: text("instagram_container_id"),
    /** The public link of the Instagram post, read after publishing. */
    instagramPermalink: text("instagram_permalink"),
    /** When its Instagram job was first queued: publishing again never queues a second one. */
    instagramQueuedAt: timestamp("instagram_queued_at", { withTimezone: true }),
    /** Written by the AI (regenerate all, the daily run). */
    aiGenerated: boolean("ai_generated").notNull().default(false),
    /** A generated draft that no person has published yet ('Awaiting review'). */
    awaitingReview: boolean("awaiting_review").notNull().default(false),
    /** Raised by every write (decision 0061). */
    version: integer("version").notNull().default(1),
    /** When the post first went public: until then its slug follows its title. */
    firstPublishedAt: timestamp("first_published_at", { withTimezone: true }),
    /** A draft set to go live at this time (decision 0062); cleared when it is published. */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    /** The editor's "Send to subscribers" (decision 0081); the migration turned it off for posts already published. */
    sendNewsletter: boolean("send_newsletter").notNull().default(true),
    /** When the post was claimed for the newsletter: set once in its life, so it is never mailed twice. */
    newsletterClaimedAt: timestamp("newsletter_claimed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("blog_posts_published_date_idx").on(t.published, t.publishedAt.desc()),
    index("blog_posts_created_at_idx").on(t.createdAt.desc()),
    index("blog_posts_publish_at_idx").on(t.publishAt).where(sql`publish_at is not null`),
  ],
);

/** A published post's former slugs: the old address answers 301 to the current one. */
export const postSlugRedirects = pgTable("post_slug_redirects", {
  oldSlug: text("old_slug").primaryKey(),
  postId: integer("post_id")
    .notNull()
    .references(() => blogPosts.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/**
 * Every saved state of a post, a website text or a team member (decision 0061): who, when, what
 * produced it and the whole content. A `pending` revision is a machine's (or a person's) proposal
 * for a live item, waiting for a lawyer to publish or discard it; at most one per item.
 * History is never rewritten: a restore is a new revision.
 */
export const revisions = pgTable(
  "revisions",
  {
    id: serial("id").primaryKey(),
    entity: text("entity", { enum: ["post", "content", "team_member"] }).notNull(),
    entityId: text("entity_id").notNull(),
    /** saved: went live when it was made; pending: waits for review; published / discarded: a reviewed pending one. */
    status: text("status", { enum: ["saved", "pending", "published", "discarded"] }).notNull(),
    /** What produced it: a person, AI writing, machine translation, a restore, an import or the system. */
    source: text("source", { enum: ["person", "ai", "translation", "restore", "import", "system"] }).notNull(),
    /** The whole content, as the entity's module writes it (app/revisions). */
    snapshot: jsonb("snapshot").notNull(),
    /** One line for people ("Regenerate All with AI", "Restored from revision 12"). */
    note: text("note"),
    /** The item's version this revision was made from (a pending one: what the lawyer compares against). */
    baseVersion: integer("base_version"),
    /** The item's version once this revision went live. */
    version: integer("version"),
    /** A pending revision set to go live at this time (decision 0062). */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    /** A pending revision that also puts its item online when published (a draft proposed for publication, decision 0087). */
    goLive: boolean("go_live").notNull().default(false),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
  },
  (t) => [
    index("revisions_item_idx").on(t.entity, t.entityId, t.id.desc()),
    uniqueIndex("revisions_one_pending_uq").on(t.entity, t.entityId).where(sql`status = 'pending'`),
    index("revisions_publish_at_idx").on(t.publishAt).where(sql`status = 'pending' and publish_at is not null`),
    index("revisions_created_at_idx").on(t.createdAt),
  ],
);

/**
 * A proposal a reviewer is yet to hear of (decision 0089): one row per pending revision and
 * person who may publish it, written in the proposal's transaction. The reviewer's digest mail
 * (at most one per 15 minutes) lists the unmailed rows and marks them mailed.
 */
export const reviewNotices = pgTable(
  "review_notices",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(),
    revisionId: integer("revision_id")
      .notNull()
      .references(() => revisions.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** When the digest listing it went out; null while it waits for the next one. */
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
  },
  (t) => [index("review_notices_user_idx").on(t.userId, t.mailedAt)],
);

/** A deleted post, team member or topic, whole, for 30 days ('Recently deleted'), then purged. */
export const deletedItems = pgTable(
  "deleted_items",
  {
    id: serial("id").primaryKey(),
    entity: text("entity", { enum: ["post", "team_member", "topic"] }).notNull(),
    entityId: text("entity_id").notNull(),
    /** What the list shows (a title, a name, a topic). */
    label: text("label").notNull(),
    snapshot: jsonb("snapshot").notNull(),
    deletedBy: text("deleted_by").references(() => users.id, { onDelete: "set null" }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("deleted_items_item_uq").on(t.entity, t.entityId), index("deleted_items_deleted_at_idx").on(t.deletedAt)],
);

export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    message: text("message").notNull(),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    /** The firm's notification mail: none (SMTP unset when it arrived), queued, sent or failed. */
    notifyStatus: text("notify_status", { enum: ["none", "queued", "sent", "failed"] }).notNull().default("none"),
    notifyError: text("notify_error"),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    /** Set by staff when the sender became a client (decision 0092): the retention sweep leaves the message alone. */
    clientAt: timestamp("client_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_submissions_created_at_idx").on(t.createdAt.desc())],
);

/**
 * 32 random bytes as base64url (43 characters), drawn by the database: rows that existed before
 * the tokens (migration 0001) get their own. The application draws its own with node:crypto.
 */
const randomToken = sql`translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/=', '-_')`;

/**
 * Double opt-in (decision 0004): a row is a sign-up; it is a subscriber once `confirmed_at` is
 * set through its confirmation link. The consent record is the address, the language of the
 * page it was given on, when (`created_at`) and when it was confirmed. Unsubscribing deletes the row.
 */
export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  id: serial("id").primaryKey(),
  /** Stored lower-cased so the same address cannot subscribe twice. */
  email: text("email").notNull().unique(),
  /** The language of the page the address was entered on: the mails' and the links' language. */
  language: text("language").notNull().default("en"),
  /** When the address owner confirmed through the link; null while awaiting confirmation. */
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  /** Secret of the /newsletter/confirm?token=... link. */
  confirmToken: text("confirm_token").notNull().unique().default(randomToken),
  /** Secret of the /newsletter/unsubscribe?token=... link, valid for as long as the row exists. */
  unsubscribeToken: text("unsubscribe_token").notNull().unique().default(randomToken),
  /** When the last confirmation mail was queued (a re-sign-up resends at most so often). */
  confirmMailedAt: timestamp("confirm_mailed_at", { withTimezone: true }),
  /** Posts in a row whose mail the recipient's server refused for good (5xx); reset by a delivered one. */
  bounceCount: integer("bounce_count").notNull().default(0),
  /** Set at the third refused post: the address is no longer mailed (decision 0081). */
  bouncingAt: timestamp("bouncing_at", { withTimezone: true }),
  /** When the address was entered (the time of consent). */
  createdAt: createdAt(),
});

/** How posts go out to subscribers (one row, id 1; decision 0081). */
export const newsletterSettings = pgTable("newsletter_settings", {
  id: integer("id").primaryKey().default(1),
  /** "each": a mail per post when it is published; "weekly": one digest at the set weekday and hour. */
  mode: text("mode", { enum: ["each", "weekly"] }).notNull().default("each"),
  /** 0 = Sunday ... 6 = Saturday, Vancouver time. */
  digestWeekday: integer("digest_weekday").notNull().default(1),
  /** 0-23, Vancouver time. */
  digestHour: integer("digest_hour").notNull().default(9),
  /** The last weekly slot a digest was sent for (one winner across instances). */
  lastDigestAt: timestamp("last_digest_at", { withTimezone: true }),
  /** Pacing: the earliest moment the next newsletter mail may go (shared by every instance). */
  paceNextAt: timestamp("pace_next_at", { withTimezone: true }),
  /**
   * What a Farsi or Chinese subscriber gets while a post has no version in their language (decision
   * 0098): "wait" for it, or "english" at once with a one-line notice in their language.
   */
  untranslated: text("untranslated", { enum: ["wait", "english"] }).notNull().default("wait"),
  updatedAt: updatedAt(),
});

/**
 * A post's newsletter in one language (decision 0098): claimed once per post and language, so a
 * subscriber gets each post at most once, whatever instance, retry or re-publish follows. No
 * foreign key: a post restored from Recently deleted keeps its claims.
 */
export const newsletterSends = pgTable(
  "newsletter_sends",
  {
    postId: integer("post_id").notNull(),
    /** The subscribers' language: en (and any other), fa, zh. */
    language: text("language").notNull(),
    /** Sent in English with a notice that the translation is not available (the firm's setting). */
    english: boolean("english").notNull().default(false),
    /** The send job (null while it waits for the weekly digest; 0 when there was nobody to mail). */
    jobId: integer("job_id"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.language] }), index("newsletter_sends_waiting_idx").on(t.language).where(sql`job_id is null`)],
);

// ---------------------------------------------------------------- automation and social

export const blogTopics = pgTable(
  "blog_topics",
  {
    id: serial("id").primaryKey(),
    topic: text("topic").notNull(),
    status: text("status", { enum: ["pending", "used"] }).notNull().default("pending"),
    scheduleFor: timestamp("schedule_for", { withTimezone: true }),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("blog_topics_status_schedule_idx").on(t.status, t.scheduleFor), index("blog_topics_created_at_idx").on(t.createdAt.desc())],
);

export const blogAutomationSettings = pgTable("blog_automation_settings", {
  id: serial("id").primaryKey(),
  enabled: boolean("enabled").notNull().default(false),
  lastRun: timestamp("last_run", { withTimezone: true }),
  /** 'draft': a generated post waits for a person to publish it (the default); 'immediate': published at once. */
  publishMode: text("publish_mode", { enum: ["draft", "immediate"] }).notNull().default("draft"),
});

/** One row per UTC day: the unique date makes the daily run happen once across instances. */
export const automationRuns = pgTable("automation_runs", {
  runDate: date("run_date", { mode: "string" }).primaryKey(),
  status: text("status").notNull().default("running"),
  message: text("message"),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  topicId: integer("topic_id"),
  postId: integer("post_id"),
  jobId: integer("job_id"),
});

export const instagramSettings = pgTable("instagram_settings", {
  id: serial("id").primaryKey(),
  enabled: boolean("enabled").notNull().default(false),
  /** AES-256-GCM ciphertext (never the token itself); the key is kept beside the session secret. */
  accessToken: text("access_token"),
  /** The token's last four characters, to show that one is saved. */
  tokenLast4: text("token_last4"),
  instagramAccountId: text("instagram_account_id"),
  autoPost: boolean("auto_post").notNull().default(false),
  /** The last connection check: the account's name and picture, or why it failed. */
  username: text("username"),
  profilePictureUrl: text("profile_picture_url"),
  /** Set by an expired or revoked token (code 190) until a connection test succeeds again. */
  reconnectNeeded: boolean("reconnect_needed").notNull().default(false),
  lastError: text("last_error"),
  checkedAt: timestamp("checked_at", { withTimezone: true }),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- platform

export const media = pgTable("media", {
  id: text("id").primaryKey(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/** Each upload is re-encoded into a few widths and formats; each is one row here. */
export const mediaVariants = pgTable(
  "media_variants",
  {
    mediaId: text("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    format: text("format", { enum: ["webp", "avif", "jpeg"] }).notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.format, t.width] })],
);

/**
 * Long admin work as persisted jobs (decision 0024): one runner claims a job with FOR UPDATE SKIP
 * LOCKED and holds it by a lease it renews; its items record progress one by one, so a restart
 * resumes without redoing finished items.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    status: text("status", { enum: ["queued", "running", "done", "failed", "cancelled"] }).notNull().default("queued"),
    total: integer("total").notNull().default(0),
    done: integer("done").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    message: text("message"),
    payload: jsonb("payload"),
    /** While queued or running, a second job with the same key is refused: the second click attaches. */
    uniqueKey: text("unique_key"),
    /** The runner holding the job and until when; an expired lease lets another runner take it over. */
    leaseOwner: text("lease_owner"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** Not before this time (backoff after a failed attempt, or a job scheduled for later). */
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    cancelRequested: boolean("cancel_requested").notNull().default(false),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** A finished card a person closed; finished cards also leave the tabs a day after they end. */
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }),
  },
  (t) => [
    index("jobs_status_idx").on(t.status, t.createdAt),
    index("jobs_claim_idx").on(t.status, t.runAfter),
    uniqueIndex("jobs_unique_key_active_uq").on(t.uniqueKey).where(sql`status in ('queued', 'running')`),
  ],
);

/** One unit of a job's work (one text to translate, one post to rewrite), done at most once. */
export const jobItems = pgTable(
  "job_items",
  {
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    /** What the item works on, for people (a text key, a post title). */
    label: text("label").notNull().default(""),
    status: text("status", { enum: ["pending", "done", "failed", "skipped"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    runAfter: timestamp("run_after", { withTimezone: true }),
    payload: jsonb("payload"),
    /** Steps an item has finished, so a resumed item continues (e.g. an Instagram container id). */
    progress: jsonb("progress"),
    error: text("error"),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] }), index("job_items_job_status_idx").on(t.jobId, t.status, t.seq)],
);

/**
 * The review state of each translated text (decision 0026): machine-made or reviewed by a person,
 * with a hash of the English it was made from; a different English hash today means stale.
 * No row for a non-empty translation means a person wrote it.
 */
export const translationStates = pgTable(
  "translation_states",
  {
    // Team members' texts are content texts (app/team/fields.ts), so two kinds cover every translated text.
    entity: text("entity", { enum: ["content", "post"] }).notNull(),
    entityId: text("entity_id").notNull(),
    field: text("field").notNull(),
    language: text("language", { enum: ["fa", "zh"] }).notNull(),
    state: text("state", { enum: ["machine", "reviewed"] }).notNull(),
    sourceHash: text("source_hash").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.entity, t.entityId, t.field, t.language] })],
);

/**
 * "Languages follow" (decision 0097): a Farsi or Chinese version left behind when a change to the
 * English of a visible item (a post, a website text, a team member) was published. Set by the
 * "published" event; cleared when that language's text is next published. `textHash` is the
 * language's texts when marked: an item that goes back online with other texts is no longer behind.
 */
export const outdatedTranslations = pgTable(
  "outdated_translations",
  {
    entity: text("entity", { enum: ["post", "content", "team_member"] }).notNull(),
    entityId: text("entity_id").notNull(),
    language: text("language", { enum: ["fa", "zh"] }).notNull(),
    /** The item's version whose publication changed the English (the first such, while behind). */
    englishVersion: integer("english_version").notNull(),
    textHash: text("text_hash").notNull(),
    since: timestamp("since", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entity, t.entityId, t.language] })],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    details: jsonb("details"),
    // The session the action came from (sessions are deleted at sign-out, so no reference).
    sessionId: text("session_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_at_idx").on(t.createdAt.desc()),
    // The Audit tab's person filter, newest first (decision 0071).
    index("audit_log_user_created_at_idx").on(t.userId, t.createdAt.desc()),
  ],
);

/** Fixed-window counters for rate limits, shared by every instance through the database. */
// ---------------------------------------------------------------- consultations (issue 33, decision 0076)

/**
 * The firm's availability: one row (id 1); missing means the defaults of app/booking/settings.ts.
 * `hours` holds seven entries, Sunday first, each `{ open, close }` ("HH:MM" Vancouver) or null.
 */
export const consultationSettings = pgTable("consultation_settings", {
  id: integer("id").primaryKey().default(1),
  hours: jsonb("hours").$type<Array<{ open: string; close: string } | null>>().notNull(),
  slotMinutes: integer("slot_minutes").notNull(),
  bufferMinutes: integer("buffer_minutes").notNull(),
  minNoticeHours: integer("min_notice_hours").notNull(),
  horizonDays: integer("horizon_days").notNull(),
  kinds: text("kinds").array().notNull(),
  updatedAt: updatedAt(),
});

/** Days the firm closes besides British Columbia's statutory holidays (a Vancouver date). */
export const consultationClosedDates = pgTable("consultation_closed_dates", {
  day: date("day", { mode: "string" }).primaryKey(),
  note: text("note"),
  createdAt: createdAt(),
});

/**
 * A team member who can be booked (issue 46, decision 0104): their own weekly hours (null = the
 * office hours), date overrides, time off, practice areas (empty = every area), languages spoken
 * and meeting kinds. Operational, not published content: outside the member's revisions. A staff
 * account may be linked (the lawyer's own login), or none.
 */
export const bookableLawyers = pgTable("bookable_lawyers", {
  memberId: integer("member_id")
    .primaryKey()
    .references(() => teamMembers.id, { onDelete: "cascade" }),
  bookable: boolean("bookable").notNull().default(false),
  userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
  /** Seven entries, Sunday first, each `{ open, close }` ("HH:MM" Vancouver) or null; null = the office hours. */
  hours: jsonb("hours").$type<Array<{ open: string; close: string } | null>>(),
  /** One day's own hours (`hours` null: away that day). */
  overrides: jsonb("overrides").$type<Array<{ date: string; hours: { open: string; close: string } | null }>>().notNull().default([]),
  /** Days away, inclusive Vancouver dates. */
  timeOff: jsonb("time_off").$type<Array<{ from: string; to: string }>>().notNull().default([]),
  areas: text("areas").array().notNull().default(sql`'{}'::text[]`),
  languages: text("languages").array().notNull().default(sql`'{en}'::text[]`),
  kinds: text("kinds").array().notNull().default(sql`'{video,phone,office}'::text[]`),
  updatedAt: updatedAt(),
});

export const BOOKING_STATUSES = ["booked", "confirmed", "declined", "cancelled", "no_show"] as const;

/**
 * A visitor's consultation. A slot is taken once: the partial unique index on (lawyer, start)
 * among live bookings is what refuses the second of two simultaneous requests (never a
 * check-then-insert). "Any available lawyer" is lawyer_id null, counted as lawyer 0.
 */
export const consultationBookings = pgTable(
  "consultation_bookings",
  {
    id: serial("id").primaryKey(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    lawyerId: integer("lawyer_id").references(() => teamMembers.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ["video", "phone", "office"] }).notNull(),
    /** A practice-area slug, or null when the visitor did not choose one. */
    area: text("area"),
    language: text("language").notNull().default("en"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    description: text("description").notNull().default(""),
    status: text("status", { enum: BOOKING_STATUSES }).notNull().default("booked"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The video booking's meeting room: 128 random bits in hex (Jitsi lower-cases room names). */
    videoRoom: text("video_room"),
    /** The invitation's SEQUENCE (RFC 5545): raised by each reschedule, so calendars replace the event. */
    icsSequence: integer("ics_sequence").notNull().default(0),
    /** When the 24-hour reminder was queued: claimed by one conditional UPDATE, so it goes once. */
    reminderQueuedAt: timestamp("reminder_queued_at", { withTimezone: true }),
    /** The firm's own notes (Consultations tab); never shown or sent to the visitor. */
    staffNotes: text("staff_notes").notNull().default(""),
    /** The confirmation page's address (128 random bits, lower-case hex): never the id, which is guessable. */
    reference: text("reference").unique(),
    /** Set by staff when the visitor became a client (decision 0092): the retention sweep leaves the booking alone. */
    clientAt: timestamp("client_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("consultation_bookings_slot_uq")
      .on(sql`coalesce(${t.lawyerId}, 0)`, t.startsAt)
      .where(sql`${t.status} in ('booked', 'confirmed')`),
    index("consultation_bookings_starts_at_idx").on(t.startsAt),
  ],
);

/**
 * "Names of the other people or companies involved", one row each, for the conflict check. The
 * name is sealed (decision 0093); `name_fold` is its conflict-check fold (no accents, lower case),
 * kept in clear so pg_trgm can match it.
 */
export const consultationParties = pgTable(
  "consultation_parties",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => consultationBookings.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    nameFold: text("name_fold").notNull().default(""),
  },
  (t) => [index("consultation_parties_booking_idx").on(t.bookingId)],
);

/**
 * The conflict check's result, stored with the booking or contact message it was made for (in the
 * transaction that stores it; decision 0080): each earlier record whose name matched, and why.
 * Staff only; the visitor never sees any of it. Exactly one of booking_id / contact_id is set.
 */
export const conflictMatches = pgTable(
  "conflict_matches",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id").references(() => consultationBookings.id, { onDelete: "cascade" }),
    contactId: integer("contact_id").references(() => contactSubmissions.id, { onDelete: "cascade" }),
    /** The name given now (the visitor's own or another party's); sealed (decision 0093). */
    name: text("name").notNull(),
    /** The earlier record: a contact message, a booking (its visitor), a booking's other party, or a kept conflict record (decision 0092). */
    source: text("source", { enum: ["contact", "booking", "party", "kept"] }).notNull(),
    recordId: integer("record_id").notNull(),
    /** The earlier name as it was stored then (kept if that record is deleted later); sealed (decision 0093). */
    matched: text("matched").notNull(),
    similarity: real("similarity").notNull(),
    reason: text("reason", { enum: ["same", "similar"] }).notNull(),
  },
  (t) => [
    index("conflict_matches_booking_idx").on(t.bookingId),
    index("conflict_matches_contact_idx").on(t.contactId),
    check("conflict_matches_one_owner", sql`(${t.bookingId} is null) <> (${t.contactId} is null)`),
  ],
);

/**
 * What the retention sweep and an erasure keep of a deleted enquiry or booking for the conflict
 * check (decision 0092): one row per name, the person's own or another party's; no story, no
 * contact details. `name` is sealed, `name_fold` is the clear fold the check matches on (0093).
 */
export const conflictRecords = pgTable(
  "conflict_records",
  {
    id: serial("id").primaryKey(),
    /** What it was: a contact message or a booking, and that record's former id. */
    origin: text("origin", { enum: ["contact", "booking"] }).notNull(),
    originId: integer("origin_id").notNull(),
    role: text("role", { enum: ["person", "party"] }).notNull(),
    name: text("name").notNull(),
    nameFold: text("name_fold").notNull(),
    /** When the enquiry or booking was made. */
    firstAt: timestamp("first_at", { withTimezone: true }).notNull(),
    keptAt: timestamp("kept_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("conflict_records_origin_idx").on(t.origin, t.originId)],
);

/** The firm's retention of enquiries and bookings (one row, id 1; decision 0092). */
export const privacySettings = pgTable("privacy_settings", {
  id: integer("id").primaryKey().default(1),
  /** Enquiries and bookings that did not become a client are deleted this many months after they were made. */
  retentionMonths: integer("retention_months").notNull().default(24),
  updatedAt: updatedAt(),
});

/**
 * A staff member's private calendar feed (decision 0080): only the SHA-256 of the secret token is
 * stored. One per user; replacing it deletes the old row, so the old address answers 404.
 */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  ...secretFeed(),
});

/**
 * A lawyer's own calendar (decision 0105): the private iCalendar address their calendar app
 * publishes, sealed (`lawyer_calendars.address`, never sent to a browser; `host` is shown), and
 * the busy times read from it last, kept when a later read fails. `busy` holds only [start, end]
 * instants (ms), never an event's title or notes.
 */
export const lawyerCalendars = pgTable("lawyer_calendars", {
  memberId: integer("member_id")
    .primaryKey()
    .references(() => teamMembers.id, { onDelete: "cascade" }),
  address: text("address").notNull(),
  host: text("host").notNull(),
  /** The last good read's busy intervals, [startMs, endMs] merged and in order; null before one. */
  busy: jsonb("busy").$type<Array<[number, number]>>(),
  /** The end of the span the last good read expanded recurring events over. */
  busyUntil: timestamp("busy_until", { withTimezone: true }),
  readAt: timestamp("read_at", { withTimezone: true }),
  triedAt: timestamp("tried_at", { withTimezone: true }),
  /** The last attempt's failure as a sentence for the admin; null when it succeeded. */
  error: text("error"),
  /** When the sweep reads it next: claimed by one conditional UPDATE across instances. */
  nextReadAt: timestamp("next_read_at", { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A lawyer's own outgoing feed of their bookings (decision 0105): the SHA-256 of its secret token. */
export const lawyerFeeds = pgTable("lawyer_feeds", {
  memberId: integer("member_id")
    .primaryKey()
    .references(() => teamMembers.id, { onDelete: "cascade" }),
  ...secretFeed(),
});

export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/** Small key/value facts about this database, such as when it was seeded. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
});

// ---------------------------------------------------------------- visit statistics (decision 0082)

/**
 * Daily counts, one row per (Vancouver day, kind, key): kind "views" and "visitors" (key ""),
 * "page" (the path), "lang", "referrer" (host, "direct" or "self"), "campaign"
 * (utm source, medium and campaign joined by U+001F), "device". Added to by every instance's
 * batched upsert (n = n + excluded.n); kept 25 months.
 */
export const statsCounts = pgTable(
  "stats_counts",
  {
    day: date("day").notNull(),
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    n: bigint("n", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.key] })],
);

/**
 * Today's visitors (UTC day): the keyed hash of (the day's salt, address, user agent), never the
 * address, and the visitor's current visit for crediting an enquiry (decision 0107): its
 * referrer and campaign, landing page, last article or practice-area page, practice area and
 * last view. At most DAILY_VISITOR_CAP rows a day; rows of past days are deleted at the day's turn.
 */
export const statsVisitors = pgTable(
  "stats_visitors",
  {
    day: date("day").notNull(),
    hash: text("hash").notNull(),
    referrer: text("referrer").notNull(),
    campaign: text("campaign").notNull().default(""),
    landing: text("landing"),
    page: text("page"),
    area: text("area"),
    visitAt: timestamp("visit_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.day, t.hash] })],
);

/** The salt of each UTC day (today's and tomorrow's), shared by every instance; deleted once its day is over. */
export const statsSalts = pgTable("stats_salts", {
  day: date("day").primaryKey(),
  salt: text("salt").notNull(),
});

/**
 * Enquiries (contact messages, bookings) and newsletter sign-ups per Vancouver day: the form's
 * page and language, and what the visit is credited with (decision 0107): its source and
 * campaign, landing page, last article or practice-area page read, and practice area. Counts
 * only; rows written before 0107 say "(unknown)" for the three credits.
 */
export const statsEnquiries = pgTable(
  "stats_enquiries",
  {
    day: date("day").notNull(),
    kind: text("kind").notNull(),
    path: text("path").notNull(),
    lang: text("lang").notNull(),
    source: text("source").notNull(),
    campaign: text("campaign").notNull().default(""),
    landing: text("landing").notNull().default("(unknown)"),
    page: text("page").notNull().default("(unknown)"),
    area: text("area").notNull().default("(unknown)"),
    n: bigint("n", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ name: "stats_enquiries_pk", columns: [t.day, t.kind, t.path, t.lang, t.source, t.campaign, t.landing, t.page, t.area] })],
);
