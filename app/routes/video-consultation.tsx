import { Info, Laptop, MessagesSquare, ShieldCheck } from "lucide-react";
import type { Route } from "./+types/video-consultation";
import { useT } from "~/i18n/hooks";
import { pageTexts } from "~/i18n/page.server";
import { textsPageMeta } from "~/components/site/page-meta";
import { Breadcrumbs } from "~/components/site/Breadcrumbs";
import { BandHero } from "~/components/site/BandHero";
import { HeadedSection } from "~/components/site/HeadedSection";
import { VideoMeeting } from "~/components/video/VideoMeeting";
import { data, redirect, useActionData } from "react-router";
import { readForm } from "~/form-data.server";
import { meetingRoomUrl, meetOrigin } from "~/video/meet";

export async function loader({ request, context }: Route.LoaderArgs) {
  return pageTexts(request, context, { categories: ["video-consultation"] });
}

/**
 * The join form posted without JavaScript: the visitor goes to the room on the meeting host
 * (the CSP's form-action allows that origin); a blank room name is refused as the script does.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const room = field("roomName");
  if (!room) return data({ error: "videoConsultation.emptyRoom" }, { status: 400 });
  throw redirect(meetingRoomUrl(meetOrigin(context.services.config.MEET_HOST), room, field("displayName")), 303);
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  textsPageMeta(matches, data?.texts, "/video-consultation", {
    keys: { title: "videoConsultation.pageTitle", description: "videoConsultation.metaDescription" },
    breadcrumb: "videoConsultation.breadcrumb",
  });

const FEATURES = [
  { key: "secure", icon: ShieldCheck },
  { key: "flexible", icon: Laptop },
  { key: "direct", icon: MessagesSquare },
] as const;

const STEPS = [1, 2, 3, 4] as const;

export default function VideoConsultation() {
  const t = useT();
  const posted = useActionData<typeof action>();
  return (
    <>
      <Breadcrumbs items={[{ label: t("videoConsultation.breadcrumb") }]} />

      <BandHero title={t("videoConsultation.heroTitle")} subtitle={t("videoConsultation.heroSubtitle")} />

      <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
        <ul className="grid gap-6 md:grid-cols-3">
          {FEATURES.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h2 className="mt-4 text-lg font-semibold text-brand-800">{t(`videoConsultation.${key}Title`)}</h2>
              <p className="mt-2 text-slate-700">{t(`videoConsultation.${key}Description`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="bg-slate-50 px-4 py-12 sm:px-6 lg:px-8">
        <VideoMeeting error={posted?.error} />
      </div>

      <HeadedSection
        id="video-steps-title"
        title={t("videoConsultation.instructionsTitle")}
        className="mx-auto max-w-5xl px-4 py-14 sm:px-6 lg:px-8"
        headingClassName="text-center text-3xl font-bold text-brand-800"
      >
        <ol className="mt-10 grid gap-6 sm:grid-cols-2">
          {STEPS.map((n) => (
            <li key={n} className="flex gap-4">
              <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white">
                {n}
              </span>
              <div>
                <h3 className="text-lg font-semibold text-brand-800">{t(`videoConsultation.step${n}Title`)}</h3>
                <p className="mt-1 text-slate-700">{t(`videoConsultation.step${n}Text`)}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="mt-10 flex gap-3 rounded-lg border border-gold-400 bg-amber-50 p-5">
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <div>
            <h3 className="font-semibold text-brand-800">
              {t("videoConsultation.noteTitle")}
            </h3>
            <p className="mt-1 text-slate-700">{t("videoConsultation.note")}</p>
          </div>
        </div>
      </HeadedSection>
    </>
  );
}
