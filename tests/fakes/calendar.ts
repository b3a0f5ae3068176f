import type { IncomingMessage, ServerResponse } from "node:http";
import { listen, type Listening } from "./http";

/**
 * A lawyer's calendar server (Google, Outlook or Apple publishing an .ics address), on a loopback
 * address. `/calendar.ics` behaves as `mode` says, so one address can turn bad after a good read:
 * "ok" answers `ics`, "slow" sends a line and then nothing, "big" streams 10 MB, "page" answers a
 * web page, "gone" 404, "error" 503. It counts every request it receives.
 */
export type CalendarMode = "ok" | "slow" | "big" | "page" | "gone" | "error";

export interface FakeCalendar extends Listening {
  ics: string;
  mode: CalendarMode;
  hits: number;
}

export async function startFakeCalendar(host = "127.0.0.1"): Promise<FakeCalendar> {
  const state = { ics: "", mode: "ok" as CalendarMode, hits: 0 };
  const handler = (_req: IncomingMessage, res: ServerResponse) => {
    state.hits++;
    switch (state.mode) {
      case "ok":
        res.writeHead(200, { "content-type": "text/calendar; charset=utf-8" });
        res.end(state.ics);
        return;
      case "slow":
        // Headers and a line, then nothing: only the reader's time limit ends it.
        res.writeHead(200, { "content-type": "text/calendar" });
        res.write("BEGIN:VCALENDAR\r\n");
        return;
      case "big": {
        res.writeHead(200, { "content-type": "text/calendar" });
        const line = Buffer.from(`X-FILLER:${"x".repeat(1000)}\r\n`);
        let sent = 0;
        const pump = () => {
          while (sent < 10 * 1024 * 1024 && !res.destroyed) {
            sent += line.length;
            if (!res.write(line)) return void res.once("drain", pump);
          }
          res.end();
        };
        res.write("BEGIN:VCALENDAR\r\n");
        pump();
        return;
      }
      case "page":
        res.writeHead(200, { "content-type": "text/html" });
        res.end("<!doctype html><html><body><h1>Sign in to see this calendar</h1></body></html>");
        return;
      case "gone":
        res.writeHead(404, { "content-type": "text/plain" });
        res.end("Not found");
        return;
      case "error":
        res.writeHead(503, { "content-type": "text/plain" });
        res.end("Unavailable");
    }
  };
  const server = await listen(handler, host);
  const fake = server as FakeCalendar;
  for (const key of ["ics", "mode", "hits"] as const) {
    Object.defineProperty(fake, key, { get: () => state[key], set: (value: never) => void (state[key] = value) });
  }
  return fake;
}
