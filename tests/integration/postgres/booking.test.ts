import pg from "pg";
import { describe, expect, it } from "vitest";
import { vancouverMoment } from "../../../app/booking/slots.server";
import { withTwoInstances } from "../../helpers/db";
import { type SiteServer } from "../../helpers/server";

/**
 * One slot, booked once, by two app instances sharing PostgreSQL (issue 33, decision 0076): 50
 * simultaneous POSTs of the same start spread over both give exactly one booking and 49 answers
 * "this time was just taken" with the nearest free slots. The partial unique index decides.
 */
const at = (date: string, minutes: number) => vancouverMoment(date, minutes)!.toISOString();

describe("one booking per slot on two instances sharing PostgreSQL", () => {
  let url: string;
  let first: SiteServer;
  let second: SiteServer;

  // Monday 4 January 2027 in Vancouver: Tuesday the 12th is inside notice and horizon.
  withTwoInstances({ TEST_CLOCK_START: at("2027-01-04", 9 * 60 + 45), BOOKING_RATE_LIMIT: "1000" }, (instances) => ({ url, first, second } = instances), { oneAfterTheOther: true });

  it("50 simultaneous bookings of one slot over both instances: one is stored, 49 are told it was taken", async () => {
    const start = at("2027-01-12", 10 * 60);
    const book = (site: SiteServer, i: number) =>
      fetch(`${site.url}/virtual-consultation`, {
        method: "POST",
        redirect: "manual",
        headers: { Accept: "application/json", "X-Forwarded-For": `198.51.100.${i + 1}` },
        body: new URLSearchParams({ start, kind: "video", area: "family", name: `Visitor ${i}`, email: `v${i}@example.com`, phone: "", description: "", parties: "", consent: "on" }),
      });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => book(i % 2 ? first : second, i)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 303)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const taken = (await answers.find((answer) => answer.status === 409)!.json()) as { error: string; nearest: Array<{ start: string }> };
    expect(taken.error).toBeTruthy();
    expect(taken.nearest.length).toBeGreaterThan(0);
    expect(taken.nearest.map((slot) => slot.start)).not.toContain(start);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const rows = await client.query<{ starts_at: Date }>("select starts_at from consultation_bookings where status in ('booked', 'confirmed')");
      expect(rows.rows.map((row) => row.starts_at.toISOString())).toEqual([start]);
    } finally {
      await client.end();
    }
  });
});
