import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/field";
import { useFetcherResult } from "~/admin/kit/hooks";
import type { InboxResult } from "~/admin/inbox/actions.server";
import type { NewsletterSettings } from "~/newsletter/settings.server";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const SELECT = "min-h-10 rounded-md border border-slate-300 bg-white px-3 text-sm";

/** How new posts go out to subscribers (decision 0081): each at once, or a weekly digest (Vancouver time). */
export function NewsletterSettingsForm({ settings }: { settings: NewsletterSettings }) {
  const fetcher = useFetcher<InboxResult>({ key: "newsletter-settings" });
  const [mode, setMode] = useState(settings.mode);
  const id = useId();
  useFetcherResult(fetcher, (answer) => {
    if (!answer.ok) return void toast.error(answer.error, { description: answer.reason });
    toast.success("Saved", { description: "Newsletter settings saved." });
  });
  return (
    <fetcher.Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value="newsletter-settings" />
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-900">Send new posts</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="mode" value="each" checked={mode === "each"} onChange={() => setMode("each")} />
          Each post when it is published
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="mode" value="weekly" checked={mode === "weekly"} onChange={() => setMode("weekly")} />
          One weekly digest
        </label>
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-900">Farsi and Chinese subscribers, before their translation is published</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="untranslated" value="wait" defaultChecked={settings.untranslated === "wait"} />
          Wait: mail them when the post is published in their language
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="untranslated" value="english" defaultChecked={settings.untranslated === "english"} />
          Mail the English version at once, with a line in their language saying the translation is not available
        </label>
      </fieldset>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <Label htmlFor={`${id}-day`}>Digest day</Label>
          <select id={`${id}-day`} name="digestWeekday" defaultValue={settings.digestWeekday} disabled={mode !== "weekly"} className={SELECT}>
            {WEEKDAYS.map((day, n) => (
              <option key={day} value={n}>
                {day}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor={`${id}-hour`}>Hour (Vancouver time)</Label>
          <select id={`${id}-hour`} name="digestHour" defaultValue={settings.digestHour} disabled={mode !== "weekly"} className={SELECT}>
            {Array.from({ length: 24 }, (_, h) => (
              <option key={h} value={h}>
                {String(h).padStart(2, "0")}:00
              </option>
            ))}
          </select>
        </div>
        {/* Disabled selects are not sent: keep the stored values. */}
        {mode !== "weekly" ? (
          <>
            <input type="hidden" name="digestWeekday" value={settings.digestWeekday} />
            <input type="hidden" name="digestHour" value={settings.digestHour} />
          </>
        ) : null}
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Save newsletter settings
        </Button>
      </div>
    </fetcher.Form>
  );
}
