import { PhoneOff, Video } from "lucide-react";
import { SendButton } from "~/components/contact/FormParts";
import { useLang, useT } from "~/i18n/hooks";
import { useSite } from "~/components/site/use-site";
import { jitsiLang, meetOrigin } from "~/video/meet";
import videoScript from "~/video/video-page.ts?standalone";

const inputClass =
  "block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600";

/** The texts the page's module shows itself (alerts, the starting label, the default name). */
const SCRIPT_TEXTS = [
  "videoConsultation.emptyRoom",
  "videoConsultation.startFailed",
  "videoConsultation.unknownError",
  "videoConsultation.loadFailed",
  "videoConsultation.guest",
  "videoConsultation.starting",
  "videoConsultation.joinButton",
] as const;

/** The join form's two fields; `text` names their label and placeholder (videoConsultation.nameLabel, ...). */
const JOIN_FIELDS = [
  { id: "video-display-name", name: "displayName", autoComplete: "name", text: "name", required: false },
  { id: "video-room-name", name: "roomName", autoComplete: "off", text: "room", required: true },
] as const;

/**
 * The join form and the meeting's place, server HTML (decision 0073). The page's own module
 * (app/video/video-page.ts, imported by the page script after the first paint) fetches Jitsi's
 * script only when someone joins; End Meeting, Jitsi's own hang-up events and leaving the page
 * all dispose of it. Without JavaScript the form posts and the server sends the visitor to the
 * room on the meeting host.
 */
export function VideoMeeting({ error }: { error?: string }) {
  const t = useT();
  const lang = useLang();
  const { meetHost } = useSite();
  const texts = Object.fromEntries(SCRIPT_TEXTS.map((key) => [key, t(key)]));
  return (
    <>
      <section aria-labelledby="video-join-title" data-video-join="" className="mx-auto max-w-xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h2 id="video-join-title" className="text-2xl font-bold text-brand-800">
          {t("videoConsultation.joinTitle")}
        </h2>
        <form
          method="post"
          noValidate
          className="mt-6 space-y-5"
          data-video-form=""
          data-page-module={videoScript}
          data-meet-origin={meetOrigin(meetHost)}
          data-meet-lang={jitsiLang(lang)}
          data-texts={JSON.stringify(texts)}
        >
          {error ? (
            <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-4 text-red-900">
              {t(error)}
            </p>
          ) : null}
          {JOIN_FIELDS.map((field) => (
            <div key={field.name}>
              <label htmlFor={field.id} className="mb-1.5 block text-sm font-semibold text-slate-800">
                {t(`videoConsultation.${field.text}Label`)}
              </label>
              <input
                id={field.id}
                name={field.name}
                autoComplete={field.autoComplete}
                aria-required={field.required || undefined}
                placeholder={t(`videoConsultation.${field.text}Placeholder`)}
                className={inputClass}
              />
            </div>
          ))}
          <SendButton
            className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-red-700 px-6 py-3 text-base font-semibold text-white shadow-sm transition-colors hover:bg-red-800 disabled:cursor-wait disabled:opacity-75"
            icon={Video}
            label={t("videoConsultation.joinButton")}
          />
        </form>
      </section>

      <section aria-label={t("videoConsultation.meetingFrameTitle")} hidden data-video-meeting="" className="mx-auto max-w-6xl">
        <div className="mb-4 flex justify-end">
          <button
            type="button"
            data-end-meeting=""
            className="inline-flex items-center gap-2 rounded-md bg-red-700 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-red-800"
          >
            <PhoneOff aria-hidden="true" className="size-5" />
            {t("videoConsultation.endMeeting")}
          </button>
        </div>
        {/* Jitsi puts its iframe in here. */}
        <div data-testid="meeting-container" className="overflow-hidden rounded-lg bg-slate-900" />
      </section>
    </>
  );
}
