/**
 * The video consultation's browser part (spec section 9, decision 0073), the page's own module:
 * the page script imports it after the first paint (`data-page-module`). Joining fetches the
 * meeting host's external_api.js once (./jitsi.ts) and opens the meeting in the page; End
 * Meeting and Jitsi's own hang-up events close it and bring the form back; leaving the page
 * takes the meeting with the old document.
 */
import { loadJitsiApi, type JitsiMeetApi } from "./jitsi";
import { JITSI_FRAME_HEIGHT, JITSI_TOOLBAR_BUTTONS } from "./meet";
import { interpolate } from "../i18n/lookup";
import { setButtonBusy } from "../contact/busy-button";

const form = document.querySelector<HTMLFormElement>("form[data-video-form]");
if (form) enhance(form);

function enhance(form: HTMLFormElement): void {
  const texts = JSON.parse(form.dataset.texts ?? "{}") as Record<string, string>;
  const text = (key: string, vars?: Record<string, string>) => interpolate(texts[key] ?? key, vars);
  const origin = form.dataset.meetOrigin!;
  const joinSection = document.querySelector<HTMLElement>("[data-video-join]")!;
  const meetingSection = document.querySelector<HTMLElement>("[data-video-meeting]")!;
  const container = meetingSection.querySelector<HTMLElement>('[data-testid="meeting-container"]')!;
  const endButton = meetingSection.querySelector<HTMLButtonElement>("[data-end-meeting]")!;
  const joinButton = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const input = (name: string) => form.elements.namedItem(name) as HTMLInputElement;

  let api: JitsiMeetApi | null = null;
  let starting = false;
  // A consultation mail's link carries its room in the fragment (decision 0079): fill it in.
  const linked = new URLSearchParams(location.hash.slice(1)).get("room");
  if (linked && !input("roomName").value) input("roomName").value = linked;

  const setStarting = (on: boolean) => {
    starting = on;
    setButtonBusy(joinButton, on, text(on ? "videoConsultation.starting" : "videoConsultation.joinButton"));
  };

  const showMeeting = (on: boolean) => {
    joinSection.hidden = on;
    meetingSection.hidden = !on;
  };

  const teardown = () => {
    const current = api;
    api = null;
    try {
      current?.dispose();
    } catch (error) {
      console.error(error);
    }
  };

  const endMeeting = () => {
    if (!api) return;
    teardown();
    showMeeting(false);
    joinButton.focus();
  };

  endButton.addEventListener("click", endMeeting);
  addEventListener("pagehide", teardown);

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!starting && !api) void join();
  });

  async function join() {
    const room = input("roomName").value.trim();
    if (!room) {
      window.alert(text("videoConsultation.emptyRoom"));
      return;
    }
    const displayName = input("displayName").value.trim() || text("videoConsultation.guest");
    setStarting(true);
    try {
      const JitsiMeetExternalAPI = await loadJitsiApi(origin, text("videoConsultation.loadFailed"));
      api = new JitsiMeetExternalAPI(new URL(origin).host, {
        roomName: room,
        parentNode: container,
        width: "100%",
        height: JITSI_FRAME_HEIGHT,
        userInfo: { displayName },
        lang: form.dataset.meetLang!,
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
      api.addListener("videoConferenceLeft", endMeeting);
      api.addListener("readyToClose", endMeeting);
      setStarting(false);
      showMeeting(true);
      endButton.focus();
    } catch (error) {
      console.error("Video meeting failed to start", error);
      teardown();
      setStarting(false);
      showMeeting(false);
      const reason = error instanceof Error && error.message ? error.message : text("videoConsultation.unknownError");
      window.alert(text("videoConsultation.startFailed", { reason }));
    }
  }

  form.dataset.ready = "";
}
