import type { Lang } from "../i18n/languages";

/** The origin (scheme://host[:port]) a MEET_HOST value stands for; https unless a scheme is given. */
export function meetOrigin(meetHost: string): string {
  return /^https?:\/\//.test(meetHost) ? new URL(meetHost).origin : `https://${meetHost}`;
}

/** The meeting interface's language for a page language (spec section 9). */
export function jitsiLang(lang: Lang): "fa" | "zhCN" | "en" {
  return lang === "fa" ? "fa" : lang === "zh" ? "zhCN" : "en";
}

/** The spec's toolbar: exactly these 17 buttons, in this order. */
export const JITSI_TOOLBAR_BUTTONS = [
  "microphone",
  "camera",
  "chat",
  "recording",
  "desktop",
  "hangup",
  "raisehand",
  "tileview",
  "fullscreen",
  "fodeviceselection",
  "profile",
  "settings",
  "videoquality",
  "filmstrip",
  "participants-pane",
  "select-background",
  "toggle-camera",
] as const;

/** The meeting frame's height in pixels (it is always 100% wide). */
export const JITSI_FRAME_HEIGHT = 700;

/**
 * The room's own address on the meeting host, for a visitor without JavaScript (the join form's
 * post answers with a redirect there): Jitsi reads the display name and the settings from the
 * hash, each value as JSON.
 */
export function meetingRoomUrl(origin: string, room: string, displayName: string): string {
  const settings: Array<[string, unknown]> = [
    ["config.prejoinPageEnabled", false],
    ["config.prejoinConfig.enabled", false],
  ];
  if (displayName) settings.push(["userInfo.displayName", displayName]);
  const hash = settings.map(([name, value]) => `${name}=${encodeURIComponent(JSON.stringify(value))}`).join("&");
  return `${origin}/${encodeURIComponent(room)}#${hash}`;
}
