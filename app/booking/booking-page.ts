/**
 * The booking pages' browser part (decision 0078): the booking form's and the confirmation's own
 * module, which the page script imports after the first paint (`data-page-module`). Both pages
 * work without it; with it:
 * - beside each Vancouver time (a `<time>` inside `[data-booking-times]`), the visitor's own
 *   time in its `[data-local-time]` note, when their time zone shows another time
 *   (Intl.DateTimeFormat, Gregorian dates, in the page's language);
 * - after a refused post, the focus goes to the summary of what to correct.
 */
const VANCOUVER = "America/Vancouver";
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const lang = document.documentElement.lang || "en";
const options: Intl.DateTimeFormatOptions = { calendar: "gregory", weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" };
const local = new Intl.DateTimeFormat(lang, options);
const vancouver = new Intl.DateTimeFormat(lang, { ...options, timeZone: VANCOUVER });
const withZone = new Intl.DateTimeFormat(lang, { ...options, timeZoneName: "short" });

if (zone && zone !== VANCOUVER) {
  for (const root of document.querySelectorAll<HTMLElement>("[data-booking-times]")) {
    const template = root.dataset.localLabel ?? "{time}";
    for (const time of root.querySelectorAll<HTMLTimeElement>("time[datetime]")) {
      const note = time.closest("label, [data-booked-time]")?.querySelector<HTMLElement>("[data-local-time]");
      const moment = new Date(time.dateTime);
      // The same wall-clock time (another zone on Pacific time) needs no second line.
      if (!note || Number.isNaN(moment.getTime()) || local.format(moment) === vancouver.format(moment)) continue;
      note.textContent = template.replace("{time}", withZone.format(moment));
      note.hidden = false;
    }
  }
}

document.querySelector<HTMLElement>("form[data-booking-form] [data-booking-summary]")?.focus();
