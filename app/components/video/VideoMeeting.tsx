import { useEffect, useRef, useState } from "react";
import { Loader2, PhoneOff, Video } from "lucide-react";
import { useLang, useT } from "~/i18n/hooks";
import { useSite } from "~/components/site/use-site";
import { JITSI_FRAME_HEIGHT, JITSI_TOOLBAR_BUTTONS, jitsiLang, meetOrigin } from "~/video/meet";
import { loadJitsiApi, type JitsiMeetApi } from "~/video/jitsi";

type Phase = "form" | "starting" | "meeting";

const inputClass =
  "block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600";

/**
 * The join form and, once joined, the meeting. Jitsi's script is fetched only when someone
 * joins; End Meeting, Jitsi's own hang-up events and leaving the page all dispose of it.
 */
export function VideoMeeting() {
  const t = useT();
  const lang = useLang();
  const { meetHost } = useSite();
  const [phase, setPhase] = useState<Phase>("form");
  const [displayName, setDisplayName] = useState("");
  const [roomName, setRoomName] = useState("");
  const apiRef = useRef<JitsiMeetApi | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const endButtonRef = useRef<HTMLButtonElement>(null);
  const joinButtonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  const teardown = () => {
    const api = apiRef.current;
    apiRef.current = null;
    try {
      api?.dispose();
    } catch (error) {
      console.error(error);
    }
  };

  const endMeeting = () => {
    if (!apiRef.current) return;
    teardown();
    returnFocus.current = true;
    setPhase("form");
  };

  // Leaving the page ends the meeting.
  useEffect(() => {
    const meeting = apiRef;
    return () => {
      meeting.current?.dispose();
      meeting.current = null;
    };
  }, []);

  // Move keyboard focus along with what is shown: into the meeting, then back to the form.
  useEffect(() => {
    if (phase === "meeting") endButtonRef.current?.focus();
    if (phase === "form" && returnFocus.current) {
      returnFocus.current = false;
      joinButtonRef.current?.focus();
    }
  }, [phase]);

  const join = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase !== "form") return;
    const room = roomName.trim();
    if (!room) {
      window.alert(t("videoConsultation.emptyRoom"));
      return;
    }
    const name = displayName.trim() || t("videoConsultation.guest");
    setPhase("starting");
    try {
      const origin = meetOrigin(meetHost);
      const JitsiMeetExternalAPI = await loadJitsiApi(origin, t("videoConsultation.loadFailed"));
      const parentNode = containerRef.current;
      if (!parentNode) throw new Error(t("videoConsultation.unknownError"));
      const api = new JitsiMeetExternalAPI(new URL(origin).host, {
        roomName: room,
        parentNode,
        width: "100%",
        height: JITSI_FRAME_HEIGHT,
        userInfo: { displayName: name },
        lang: jitsiLang(lang),
        configOverwrite: {
          startWithAudioMuted: false,
          startWithVideoMuted: false,
          prejoinPageEnabled: false,
          prejoinConfig: { enabled: false },
          enableWelcomePage: false,
          requireDisplayName: false,
        },
        interfaceConfigOverwrite: { TOOLBAR_BUTTONS: [...JITSI_TOOLBAR_BUTTONS] },
      });
      apiRef.current = api;
      api.addListener("videoConferenceLeft", endMeeting);
      api.addListener("readyToClose", endMeeting);
      setPhase("meeting");
    } catch (error) {
      console.error("Video meeting failed to start", error);
      teardown();
      setPhase("form");
      const reason = error instanceof Error && error.message ? error.message : t("videoConsultation.unknownError");
      window.alert(t("videoConsultation.startFailed", { reason }));
    }
  };

  const starting = phase === "starting";
  return (
    <>
      <section
        aria-labelledby="video-join-title"
        hidden={phase === "meeting"}
        className="mx-auto max-w-xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <h2 id="video-join-title" className="text-2xl font-bold text-brand-800">
          {t("videoConsultation.joinTitle")}
        </h2>
        <form onSubmit={join} noValidate className="mt-6 space-y-5">
          <div>
            <label htmlFor="video-display-name" className="mb-1.5 block text-sm font-semibold text-slate-800">
              {t("videoConsultation.nameLabel")}
            </label>
            <input
              id="video-display-name"
              name="displayName"
              autoComplete="name"
              value={displayName}
              onChange={(event) => setDisplayName(event.target.value)}
              placeholder={t("videoConsultation.namePlaceholder")}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor="video-room-name" className="mb-1.5 block text-sm font-semibold text-slate-800">
              {t("videoConsultation.roomLabel")}
            </label>
            <input
              id="video-room-name"
              name="roomName"
              autoComplete="off"
              aria-required
              value={roomName}
              onChange={(event) => setRoomName(event.target.value)}
              placeholder={t("videoConsultation.roomPlaceholder")}
              className={inputClass}
            />
          </div>
          <button
            ref={joinButtonRef}
            type="submit"
            disabled={starting}
            className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-red-700 px-6 py-3 text-base font-semibold text-white shadow-sm transition-colors hover:bg-red-800 disabled:cursor-wait disabled:opacity-75"
          >
            {starting ? (
              <Loader2 aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
            ) : (
              <Video aria-hidden="true" className="size-5" />
            )}
            {starting ? t("videoConsultation.starting") : t("videoConsultation.joinButton")}
          </button>
        </form>
      </section>

      <section aria-label={t("videoConsultation.meetingFrameTitle")} hidden={phase !== "meeting"} className="mx-auto max-w-6xl">
        <div className="mb-4 flex justify-end">
          <button
            ref={endButtonRef}
            type="button"
            onClick={endMeeting}
            className="inline-flex items-center gap-2 rounded-md bg-red-700 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-red-800"
          >
            <PhoneOff aria-hidden="true" className="size-5" />
            {t("videoConsultation.endMeeting")}
          </button>
        </div>
        {/* Jitsi puts its iframe in here; React never renders children into it. */}
        <div ref={containerRef} data-testid="meeting-container" className="overflow-hidden rounded-lg bg-slate-900" />
      </section>
    </>
  );
}
