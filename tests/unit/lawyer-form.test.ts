/**
 * The Team Management tab's "Bookable for consultations" form (decision 0104, 0110): one schema,
 * each refused line said by its field, dates that do not exist refused rather than thrown on.
 */
import { describe, expect, it } from "vitest";
import { fieldErrors } from "../../app/changes/field-errors";
import { lawyerFieldName, lawyerFromFormData, lawyerSchema, parseOverrides, parseTimeOff } from "../../app/booking/lawyer-form";

const form = (values: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const day of [0, 1, 2, 3, 4, 5, 6]) {
    const weekend = day === 0 || day === 6;
    data.set(`open_${day}`, weekend ? "" : "09:00");
    data.set(`close_${day}`, weekend ? "" : "17:00");
  }
  for (const [key, value] of Object.entries({ id: "4", bookable: "on", own_hours: "on", overrides: "", time_off: "", languages: ["en", "fa"], kinds: ["video"], ...values })) {
    data.delete(key);
    for (const one of [value].flat()) data.append(key, one);
  }
  return data;
};

describe("the lawyer's booking settings form", () => {
  it("reads own hours, overrides and time off", () => {
    const parsed = lawyerSchema.parse(lawyerFromFormData(form({ overrides: "2027-01-16 10:00-12:00\n2027-01-15 off", time_off: "2027-02-01 to 2027-02-14\n2027-03-03" })));
    expect(parsed.hours[0]).toBeNull();
    expect(parsed.hours[1]).toEqual({ open: "09:00", close: "17:00" });
    expect(parsed.overrides).toEqual([
      { date: "2027-01-15", hours: null },
      { date: "2027-01-16", hours: { open: "10:00", close: "12:00" } },
    ]);
    expect(parsed.timeOff).toEqual([
      { from: "2027-02-01", to: "2027-02-14" },
      { from: "2027-03-03", to: "2027-03-03" },
    ]);
    expect(parsed.languages).toEqual(["en", "fa"]);
  });

  it("refuses each bad field with its message, at the form's field name", () => {
    const result = lawyerSchema.safeParse(lawyerFromFormData(form({ open_1: "18:00", close_1: "09:00", overrides: "2027-13-01 off", time_off: "2027-02-10 to 2027-02-01", languages: [], kinds: ["fax"] })));
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error!, lawyerFieldName);
    expect(errors).toMatchObject({
      open_1: "The start of the day must be before its end.",
      overrides: expect.stringContaining("2027-13-01 off"),
      time_off: expect.stringContaining("the last day is before the first"),
      languages: "Choose at least one language the lawyer speaks.",
      kinds: "Unknown meeting kind.",
    });
  });

  it("refuses dates that do not exist instead of failing on them", () => {
    for (const text of ["2027-13-01 off", "2027-02-30 off", "2027-00-10 09:00-10:00"]) expect(parseOverrides(text).ok, text).toBe(false);
    for (const text of ["2027-13-01", "2027-01-01 to 2027-01-32"]) expect(parseTimeOff(text).ok, text).toBe(false);
  });

  it("wants some hours when the lawyer keeps their own", () => {
    const empty = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].flatMap((day) => [[`open_${day}`, ""], [`close_${day}`, ""]]));
    const result = lawyerSchema.safeParse(lawyerFromFormData(form(empty)));
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!, lawyerFieldName).hours).toBe("Give at least one day's hours, or use the office hours.");
  });
});
