import { CalendarDays, Mail, Phone, UserRound, type LucideIcon } from "lucide-react";
import { LocalizedLink } from "~/components/site/LocalizedLink";
import type { Translate } from "~/i18n/hooks";
import { useT } from "~/i18n/hooks";
import { telHref } from "~/components/site/Footer";
import { sourceProps } from "~/media/sources";
import { teamMemberKey, type TeamMemberField } from "~/i18n/team-member-keys";
import { splitAreas, type PublicTeamMember, type TeamPhoto } from "~/team/member";

/** Cards are one column on phones, two on tablets and three from 1024 px (max 7xl wide). */
const PHOTO_SIZES = "(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

/** A member's text field, or "" when staff have not written it (the lookup answers with the key then). */
export function memberText(t: Translate, id: number, field: TeamMemberField): string {
  const key = teamMemberKey(id, field);
  const text = t(key);
  return text === key ? "" : text.trim();
}

/** A transparent pixel: what a device that cannot hover shows (and fetches) for the swap photo. */
const NOTHING = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";
const CAN_HOVER = "(hover: hover)";

/**
 * A responsive photo. `hoverOnly` (the black-and-white swap): only devices with a pointer that can
 * hover download it; a phone would fetch a photo per member it never shows.
 */
function Photo({ photo, alt, className, hoverOnly }: { photo: TeamPhoto; alt: string; className: string; hoverOnly?: boolean }) {
  const media = hoverOnly ? CAN_HOVER : undefined;
  return (
    <picture>
      {photo.avifSrcSet ? <source {...sourceProps("avif", photo.avifSrcSet, PHOTO_SIZES, media)} /> : null}
      {photo.srcSet ? <source {...sourceProps("webp", photo.srcSet, PHOTO_SIZES, media)} /> : null}
      {hoverOnly ? <source media={CAN_HOVER} srcSet={photo.src} /> : null}
      <img
        src={hoverOnly ? NOTHING : photo.src}
        alt={alt}
        aria-hidden={hoverOnly || undefined}
        width={photo.width ?? 800}
        height={photo.height ?? 800}
        loading="lazy"
        fetchPriority="low"
        decoding="async"
        className={className}
      />
    </picture>
  );
}

/**
 * One member. When a black-and-white photo exists, it lies on top of the colour one and
 * fades in while the card is hovered or anything in it has keyboard focus (CSS only), on devices
 * that can hover (on the others it is a transparent pixel, and the colour photo stays).
 */
/**
 * `bookable`: the member can be booked (issue 46), so the card links to the booking page with them chosen.
 */
export function TeamMemberCard({ member, bookable = false }: { member: PublicTeamMember; bookable?: boolean }) {
  const t = useT();
  const role = memberText(t, member.id, "role");
  const bio = memberText(t, member.id, "bio");
  const education = memberText(t, member.id, "education");
  const barAdmissions = memberText(t, member.id, "bar_admissions");
  const areas = splitAreas(memberText(t, member.id, "areas_of_practice"));
  const main = member.photo ?? member.photoBw;
  const swap = member.photo && member.photoBw ? member.photoBw : null;
  const nameId = `team-member-${member.id}-name`;

  return (
    <article
      id={`member-${member.id}`}
      aria-labelledby={nameId}
      data-testid="team-member"
      className="group flex w-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md focus-within:shadow-md"
    >
      <div className="relative aspect-square overflow-hidden bg-brand-50">
        {main ? (
          <Photo photo={main} alt={t("team-member-photo-alt", { name: member.name })} className="absolute inset-0 size-full object-cover" />
        ) : (
          <UserRound aria-hidden="true" className="absolute inset-0 m-auto size-24 text-brand-200" />
        )}
        {swap ? (
          <Photo
            photo={swap}
            alt=""
            hoverOnly
            className="team-photo-bw absolute inset-0 size-full object-cover opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 motion-safe:transition-opacity motion-safe:duration-300"
          />
        ) : null}
      </div>

      <div className="flex flex-1 flex-col p-6">
        <h2 id={nameId} className="text-xl font-bold text-brand-800">
          {member.name}
        </h2>
        {role ? <p className="mt-1 font-medium text-brand-600">{role}</p> : null}
        {bio ? <p className="mt-4 leading-relaxed text-slate-700">{bio}</p> : null}

        {education || barAdmissions || areas.length > 0 ? (
          <dl className="mt-5 space-y-4 text-sm">
            {education ? (
              <div>
                <dt className="font-semibold text-slate-900">{t("team-education-label")}</dt>
                <dd className="mt-1 text-slate-700">{education}</dd>
              </div>
            ) : null}
            {barAdmissions ? (
              <div>
                <dt className="font-semibold text-slate-900">{t("team-bar-admissions-label")}</dt>
                <dd className="mt-1 text-slate-700">{barAdmissions}</dd>
              </div>
            ) : null}
            {areas.length > 0 ? (
              <div>
                <dt className="font-semibold text-slate-900">{t("team-areas-label")}</dt>
                <dd className="mt-2">
                  <ul className="flex flex-wrap gap-2">
                    {areas.map((area) => (
                      <li key={area} data-testid="practice-area" className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-800">
                        {area}
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            ) : null}
          </dl>
        ) : null}

        {member.email || member.phone || bookable ? (
          <div className="mt-auto flex flex-wrap gap-3 pt-6">
            {bookable ? (
              <LocalizedLink
                to={`/virtual-consultation?lawyer=${member.id}`}
                className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-gold-400 px-4 py-2.5 text-sm font-semibold text-brand-900 hover:bg-gold-300"
              >
                <CalendarDays aria-hidden="true" className="size-4" />
                {t("team-book-button", { name: member.name })}
              </LocalizedLink>
            ) : null}
            {member.email ? (
              <ContactButton
                href={`mailto:${member.email}`}
                title={t("team-email-aria", { name: member.name })}
                className="bg-brand-700 text-white hover:bg-brand-800"
                icon={Mail}
                label={t("team-email-button")}
                name={member.name}
              />
            ) : null}
            {member.phone ? (
              <ContactButton
                href={telHref(member.phone)}
                title={t("team-call-aria", { name: member.name })}
                className="border border-brand-700 text-brand-700 hover:bg-brand-50"
                icon={Phone}
                label={t("team-call-button")}
                name={member.name}
              />
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}

/** A member's e-mail or call button; a screen reader hears whose. */
function ContactButton({ href, title, className, icon: Icon, label, name }: { href: string; title: string; className: string; icon: LucideIcon; label: string; name: string }) {
  return (
    <a href={href} title={title} className={`inline-flex flex-1 items-center justify-center gap-2 rounded-md px-4 py-2.5 text-sm font-semibold ${className}`}>
      <Icon aria-hidden="true" className="size-4" />
      {label}
      <span className="sr-only">
        {" "}
        <bdi>{name}</bdi>
      </span>
    </a>
  );
}
