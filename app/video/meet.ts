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
