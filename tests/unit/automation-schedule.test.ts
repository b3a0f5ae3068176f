import { describe, expect, it } from "vitest";
import {
  byScheduledTime,
  formatUtc,
  isOverdue,
  latestRunTime,
  newTopicSchedule,
  nextRunTime,
  parseDay,
  recentUsed,
  runTimeOn,
  usedLabel,
} from "~/automation/schedule";
import { manualClock, startedClock } from "../../core/clock";
import { ConfigError, parseEnv } from "../../core/config";

const at = (iso: string) => new Date(iso);

describe("the automation schedule (SPEC 9)", () => {
  it("a new topic goes to 09:00 UTC on the day after today when none is pending", () => {
    expect(newTopicSchedule([], at("2025-03-04T08:00:00Z"))).toEqual(at("2025-03-05T09:00:00Z"));
    // Late in the evening (UTC) it is still the day after the UTC date.
    expect(newTopicSchedule([null], at("2025-03-04T23:59:59Z"))).toEqual(at("2025-03-05T09:00:00Z"));
  });

  it("a new topic goes to 09:00 UTC on the day after the latest pending topic's schedule", () => {
    const pending = [at("2025-03-10T09:00:00Z"), at("2025-04-01T15:30:00Z"), null, at("2025-03-20T09:00:00Z")];
    expect(newTopicSchedule(pending, at("2025-03-04T08:00:00Z"))).toEqual(at("2025-04-02T09:00:00Z"));
    // Even when the latest pending one is in the past.
    expect(newTopicSchedule([at("2025-02-01T09:00:00Z")], at("2025-03-04T08:00:00Z"))).toEqual(at("2025-02-02T09:00:00Z"));
  });

  it("rescheduling sets 09:00 UTC on the chosen date; only real dates are accepted", () => {
    expect(runTimeOn("2025-12-31")).toEqual(at("2025-12-31T09:00:00Z"));
    expect(parseDay("2025-02-28")).toBe("2025-02-28");
    for (const bad of ["2025-02-30", "2025-13-01", "25-01-01", "2025-1-1", "", "2025-01-01T00:00", "1999-12-31"]) expect(parseDay(bad)).toBeNull();
  });

  it("marks a pending topic overdue once its time has passed", () => {
    const now = at("2025-03-04T09:00:00Z");
    expect(isOverdue({ status: "pending", scheduleFor: "2025-03-04T08:59:59Z" }, now)).toBe(true);
    expect(isOverdue({ status: "pending", scheduleFor: "2025-03-04T09:00:00Z" }, now)).toBe(false);
    expect(isOverdue({ status: "used", scheduleFor: "2025-03-01T09:00:00Z" }, now)).toBe(false);
    expect(isOverdue({ status: "pending", scheduleFor: null }, now)).toBe(false);
  });

  it("sorts pending topics by time and keeps the 5 most recently used, undated ones last as N/A", () => {
    const pending = [
      { id: 1, scheduleFor: "2025-03-06T09:00:00Z" },
      { id: 2, scheduleFor: null },
      { id: 3, scheduleFor: "2025-03-05T09:00:00Z" },
      { id: 4, scheduleFor: "2025-03-05T09:00:00Z" },
    ];
    expect(byScheduledTime(pending).map((t) => t.id)).toEqual([3, 4, 1, 2]);
    const used = [
      { id: 1, usedAt: null },
      { id: 2, usedAt: "2025-03-02T09:00:00Z" },
      { id: 3, usedAt: "2025-03-05T09:00:00Z" },
      { id: 4, usedAt: "2025-03-03T09:00:00Z" },
      { id: 5, usedAt: "2025-03-01T09:00:00Z" },
    ];
    expect(recentUsed(used).map((t) => t.id)).toEqual([3, 4, 2, 5, 1]);
    expect(recentUsed([...used, { id: 6, usedAt: "2025-03-09T09:00:00Z" }]).map((t) => t.id)).toEqual([6, 3, 4, 2, 5]);
    expect(usedLabel(null)).toBe("N/A");
    expect(usedLabel("2025-03-05T09:00:00Z")).toBe("Mar 5, 2025");
    expect(formatUtc("2025-03-05T09:00:00Z")).toBe("Mar 5, 2025, 09:00 UTC");
    expect(formatUtc("2025-03-05T21:30:00Z")).toBe("Mar 5, 2025, 21:30 UTC");
  });

  it("the due run is the latest 09:00 UTC at or before now; the next one follows it", () => {
    expect(latestRunTime(at("2025-03-04T08:59:59Z"))).toEqual(at("2025-03-03T09:00:00Z"));
    expect(latestRunTime(at("2025-03-04T09:00:00Z"))).toEqual(at("2025-03-04T09:00:00Z"));
    expect(latestRunTime(at("2025-03-01T00:00:00Z"))).toEqual(at("2025-02-28T09:00:00Z"));
    expect(nextRunTime(at("2025-03-04T09:00:00Z"))).toEqual(at("2025-03-05T09:00:00Z"));
    expect(nextRunTime(at("2025-03-04T08:00:00Z"))).toEqual(at("2025-03-04T09:00:00Z"));
  });
});

describe("the settable clock (decision 0031)", () => {
  it("TEST_CLOCK_START starts the clock at that instant and it runs at real speed", () => {
    let real = 1_000_000;
    const clock = startedClock(at("2025-03-04T08:59:55Z"), () => real);
    expect(clock.now()).toEqual(at("2025-03-04T08:59:55Z"));
    real += 5_000;
    expect(clock.now()).toEqual(at("2025-03-04T09:00:00Z"));
    expect(clock.startedAt).toEqual(at("2025-03-04T08:59:55Z"));
    const manual = manualClock(at("2025-03-04T00:00:00Z"));
    manual.advance(60_000);
    expect(manual.now()).toEqual(at("2025-03-04T00:01:00Z"));
  });

  it("TEST_CLOCK_START must be a time with its zone", () => {
    expect(parseEnv({ TEST_CLOCK_START: "2025-03-04T08:59:55Z" }).TEST_CLOCK_START).toBe("2025-03-04T08:59:55Z");
    expect(parseEnv({}).TEST_CLOCK_START).toBeUndefined();
    for (const bad of ["2025-03-04", "2025-03-04T08:59:55", "tomorrow", "2025-02-30T09:00:00Z"]) {
      expect(() => parseEnv({ TEST_CLOCK_START: bad })).toThrow(ConfigError);
    }
  });
});
