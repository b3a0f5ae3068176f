import type { PhotoKind } from "~/admin/team/schema";

/** What the Team Management tab's action answers. */
export type TeamActionResult =
  | { ok: true; intent: "add"; id: number }
  | { ok: true; intent: "update"; id: number }
  | { ok: true; intent: "delete"; id: number }
  | { ok: true; intent: "photo"; id: number; kind: PhotoKind; url: string }
  | { ok: false; intent: string; error: string; reason?: string; fieldErrors?: Record<string, string> };
