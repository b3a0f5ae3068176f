import { Mail } from "lucide-react";
import type { Route } from "./+types/team";
import { useT } from "~/i18n/hooks";
import { pageTexts } from "~/i18n/page.server";
import { pageMeta } from "~/seo/meta";
import { seoSiteFor } from "~/seo/site.server";
import { addJsonLd } from "~/document/json-ld.server";
import { attorney, breadcrumbList, splitList, type SeoSite } from "~/seo/jsonld";
import { sourceProps, staticImageUrl, staticSrcSet } from "~/media/sources";
import { TEAM_MEMBER_KEY_PREFIX, teamMemberIdOfKey, teamMemberKey, type TeamMemberField } from "~/i18n/team-member-keys";
import { splitAreas } from "~/team/member";
import { Breadcrumbs } from "~/components/site/Breadcrumbs";
import { LocalizedLink } from "~/components/site/LocalizedLink";
import { TeamMemberCard } from "~/components/team/TeamMemberCard";
import { listActiveTeamMembers } from "~/team/team.server";
import { bookableMemberIds } from "~/booking/lawyers.server";

/** The group photo under public/images/team: group-{width}.{webp,avif}. */
const GROUP_PHOTO = "/images/team/group";

export async function loader({ request, context }: Route.LoaderArgs) {
  const [page, members, bookable] = await Promise.all([
    pageTexts(request, context, { categories: ["team"], prefixes: [TEAM_MEMBER_KEY_PREFIX] }),
    listActiveTeamMembers(context.services.db),
    bookableMemberIds(context.services.db),
  ]);
  // Only the shown members' texts go to the browser, not those of members staff have hidden.
  const shown = new Set(members.map((m) => String(m.id)));
  const texts = Object.fromEntries(
    Object.entries(page.texts).filter(([key]) => {
      const memberId = teamMemberIdOfKey(key);
      return memberId === null || shown.has(memberId);
    }),
  );
  // Structured data is built here, on the server, so its builders never ship to the browser.
  addJsonLd(context, teamJsonLd(await seoSiteFor(request, context), texts, members));
  // With the firm's own scheduler (BOOKING_URL) there is no built-in booking to choose a lawyer on.
  const bookableIds = context.services.config.BOOKING_URL ? [] : [...bookable.keys()];
  return { lang: page.lang, texts, members, bookableIds };
}

/** Breadcrumb and a Person for each shown member, in the page's language. */
function teamJsonLd(site: SeoSite, texts: Record<string, string>, members: Awaited<ReturnType<typeof listActiveTeamMembers>>) {
  const field = (id: number, name: TeamMemberField) => {
    const key = teamMemberKey(id, name);
    return texts[key] && texts[key] !== key ? texts[key] : "";
  };
  const people = members.map((m) =>
    attorney(site, {
      name: m.name,
      jobTitle: field(m.id, "role") || undefined,
      email: m.email,
      telephone: m.phone,
      image: m.photo?.src,
      education: splitList(field(m.id, "education")),
      barAdmissions: splitList(field(m.id, "bar_admissions")),
      knowsAbout: splitAreas(field(m.id, "areas_of_practice")),
      anchor: `member-${m.id}`,
    }),
  );
  return [breadcrumbList(site, [{ name: texts["team-breadcrumb"] ?? "", path: "/team" }]), ...people];
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const texts = data?.texts ?? {};
  return pageMeta(matches, {
    title: texts["team-page-title"] ?? "",
    description: texts["team-meta-description"] ?? "",
    path: "/team",
    image: staticImageUrl(GROUP_PHOTO, 1200, "webp"),
    imageAlt: texts["team-group-photo-alt"],
  });
};

/** The group photo's widths under public/images/team (WebP and AVIF: `npm run images:static`). */
const groupSrcSet = (format: "avif" | "webp") => staticSrcSet(GROUP_PHOTO, [600, 800, 1200], format);
const GROUP_SIZES = "(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw";

export default function Team({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { members, bookableIds } = loaderData;
  return (
    <>
      <Breadcrumbs items={[{ label: t("team-breadcrumb") }]} />

      <section className="bg-brand-900 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 lg:grid-cols-2 lg:px-8 lg:py-16">
          <div>
            <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{t("team-hero-title")}</h1>
            <p className="mt-4 max-w-xl text-lg text-slate-200">{t("team-hero-subtitle")}</p>
          </div>
          {/* The group picture is the largest thing above the fold: fetch it first. */}
          <picture>
            <source {...sourceProps("avif", groupSrcSet("avif"), GROUP_SIZES)} />
            <img
              src={staticImageUrl(GROUP_PHOTO, 1200, "webp")}
              srcSet={groupSrcSet("webp")}
              sizes={GROUP_SIZES}
              width={1200}
              height={800}
              alt={t("team-group-photo-alt")}
              fetchPriority="high"
              decoding="async"
              className="h-auto w-full rounded-lg shadow-xl"
            />
          </picture>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8 lg:py-20">
        {members.length > 0 ? (
          <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {members.map((member) => (
              <li key={member.id} className="flex">
                <TeamMemberCard member={member} bookable={bookableIds.includes(member.id)} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-lg border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center text-lg text-slate-700">
            {t("team-empty")}
          </p>
        )}
      </section>

      <section aria-labelledby="team-join-title" className="bg-brand-50">
        <div className="mx-auto max-w-3xl px-4 py-14 text-center sm:px-6 lg:py-20">
          <h2 id="team-join-title" className="text-3xl font-bold text-brand-800">
            {t("team-join-title")}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{t("team-join-text")}</p>
          {/* The original button did nothing; applicants write through the contact form, which reaches the firm's inbox. */}
          <LocalizedLink
            to="/contact"
            className="mt-8 inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800"
          >
            <Mail aria-hidden="true" className="size-5" />
            {t("team-join-button")}
          </LocalizedLink>
        </div>
      </section>
    </>
  );
}
