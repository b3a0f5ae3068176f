/**
 * The "Can be booked" part of a team member (Team Management, issue 46, decision 0104): one form,
 * one schema, read by the editor before sending and by the server. Browser-safe.
 */
import { z } from "zod";
import { LANGUAGES, type Lang } from "../i18n/languages";
import { PRACTICE_AREAS } from "./booking-form";
import { MEETING_KINDS, WEEKDAYS, minutesOfDay, type MeetingKind, type OfficeHours } from "./settings";

export interface LawyerSettingsView {
  memberId: number;
  bookable: boolean;
  userId: string | null;
  /** Null: the office hours. */
  hours: Array<OfficeHours | null> | null;
  overrides: Array<{ date: string; hours: OfficeHours | null }>;
  timeOff: Array<{ from: string; to: string }>;
  areas: string[];
  languages: Lang[];
  kinds: MeetingKind[];
}

export const DEFAULT_LAWYER_SETTINGS = (memberId: number): LawyerSettingsView => ({
  memberId,
  bookable: false,
  userId: null,
  hours: null,
  overrides: [],
  timeOff: [],
  areas: [],
  languages: ["en"],
  kinds: [...MEETING_KINDS],
});

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
/** The most override and time-off lines one lawyer keeps (bounds the slot generator's work). */
export const LAWYER_LINES_MAX = 200;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A calendar date that exists ("2027-13-01" and "2027-02-30" do not; an invalid Date must not throw). */
const realDate = (value: string) => {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** "2027-01-15 10:00-14:00" (own hours that day) or "2027-01-15 off". */
export function parseOverrides(text: string): { ok: true; value: LawyerSettingsView["overrides"] } | { ok: false; message: string } {
  const out: LawyerSettingsView["overrides"] = [];
  for (const line of lines(text)) {
    const match = /^(\S+)\s+(?:(off)|(\d\d:\d\d)\s*[-–]\s*(\d\d:\d\d))$/i.exec(line);
    if (!match || !realDate(match[1]!)) return { ok: false, message: `"${line}": write a date and hours, e.g. 2027-01-15 10:00-14:00, or 2027-01-15 off.` };
    if (match[2]) {
      out.push({ date: match[1]!, hours: null });
      continue;
    }
    const [open, close] = [match[3]!, match[4]!];
    if (!TIME.test(open) || !TIME.test(close) || minutesOfDay(open) >= minutesOfDay(close)) return { ok: false, message: `"${line}": the opening time must be before the closing time.` };
    out.push({ date: match[1]!, hours: { open, close } });
  }
  if (out.length > LAWYER_LINES_MAX) return { ok: false, message: `At most ${LAWYER_LINES_MAX} date overrides.` };
  if (new Set(out.map((entry) => entry.date)).size !== out.length) return { ok: false, message: "Each date may have one override." };
  return { ok: true, value: out.sort((a, b) => a.date.localeCompare(b.date)) };
}

/** "2027-02-01 to 2027-02-14", or one date. */
export function parseTimeOff(text: string): { ok: true; value: LawyerSettingsView["timeOff"] } | { ok: false; message: string } {
  const out: LawyerSettingsView["timeOff"] = [];
  for (const line of lines(text)) {
    const match = /^(\S+)(?:\s+(?:to|[-–])\s+(\S+))?$/i.exec(line);
    const from = match?.[1] ?? "";
    const to = match?.[2] ?? from;
    if (!match || !realDate(from) || !realDate(to)) return { ok: false, message: `"${line}": write a date, or two: 2027-02-01 to 2027-02-14.` };
    if (to < from) return { ok: false, message: `"${line}": the last day is before the first.` };
    out.push({ from, to });
  }
  if (out.length > LAWYER_LINES_MAX) return { ok: false, message: `At most ${LAWYER_LINES_MAX} periods of time off.` };
  return { ok: true, value: out.sort((a, b) => a.from.localeCompare(b.from)) };
}

export const formatOverrides = (overrides: LawyerSettingsView["overrides"]) =>
  overrides.map((entry) => `${entry.date} ${entry.hours ? `${entry.hours.open}-${entry.hours.close}` : "off"}`).join("\n");
export const formatTimeOff = (timeOff: LawyerSettingsView["timeOff"]) => timeOff.map((span) => (span.from === span.to ? span.from : `${span.from} to ${span.to}`)).join("\n");

const str = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The form's fields -> the schema's input. */
export function lawyerFromFormData(form: FormData) {
  return {
    id: str(form, "id"),
    bookable: form.get("bookable") === "on",
    userId: str(form, "user_id"),
    ownHours: form.get("own_hours") === "on",
    hours: WEEKDAYS.map((day) => ({ open: str(form, `open_${day}`), close: str(form, `close_${day}`) })),
    overrides: str(form, "overrides"),
    timeOff: str(form, "time_off"),
    areas: form.getAll("areas").filter((value) => typeof value === "string"),
    languages: form.getAll("languages").filter((value) => typeof value === "string"),
    kinds: form.getAll("kinds").filter((value) => typeof value === "string"),
    confirm: form.get("confirm") === "on",
  };
}

const dayHours = z
  .object({ open: z.string().trim(), close: z.string().trim() })
  .superRefine((value, ctx) => {
    if (value.open === "" && value.close === "") return;
    if (!TIME.test(value.open) || !TIME.test(value.close)) ctx.addIssue({ code: "custom", message: "Write both times as HH:MM, or leave both empty for a day off." });
    else if (minutesOfDay(value.open) >= minutesOfDay(value.close)) ctx.addIssue({ code: "custom", message: "The start of the day must be before its end." });
  })
  .transform((value): OfficeHours | null => (value.open === "" ? null : value));

/** The editor's form, checked (the field names are the form's: `memberLawyerFieldName`). */
export const lawyerSchema = z
  .object({
    id: z.coerce.number({ error: "Unknown team member." }).int("Unknown team member.").positive("Unknown team member."),
    bookable: z.boolean(),
    userId: z.string().trim().max(200),
    ownHours: z.boolean(),
    hours: z.array(dayHours).length(7),
    overrides: z.string().max(20_000).transform((text, ctx) => {
      const parsed = parseOverrides(text);
      if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.message });
      return parsed.ok ? parsed.value : [];
    }),
    timeOff: z.string().max(20_000).transform((text, ctx) => {
      const parsed = parseTimeOff(text);
      if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.message });
      return parsed.ok ? parsed.value : [];
    }),
    areas: z.array(z.enum(PRACTICE_AREAS, { error: "Unknown practice area." })),
    languages: z.array(z.enum(LANGUAGES, { error: "Unknown language." })).min(1, "Choose at least one language the lawyer speaks."),
    kinds: z.array(z.enum(MEETING_KINDS, { error: "Unknown meeting kind." })).min(1, "Choose at least one kind of meeting."),
    confirm: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (value.bookable && value.ownHours && value.hours.every((day) => day === null)) ctx.addIssue({ code: "custom", path: ["hours"], message: "Give at least one day's hours, or use the office hours." });
  });

export type LawyerInput = z.output<typeof lawyerSchema>;

/** The form field of a schema path (field errors are keyed by it). */
export const lawyerFieldName = (path: ReadonlyArray<PropertyKey>) => {
  const [first, index] = path.map(String);
  if (first === "hours" && index !== undefined) return `open_${index}`;
  return ({ userId: "user_id", timeOff: "time_off", ownHours: "own_hours" } as Record<string, string>)[first!] ?? first!;
};
