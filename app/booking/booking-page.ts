/**
 * The booking pages' browser part (decision 0078): the booking form's and the confirmation's own
 * module, which the page script imports after the first paint (`data-page-module`). Both pages
 * work without it; with it:
 * - beside each Vancouver time (a `<time>` inside `[data-booking-times]`), the visitor's own
 *   time in its `[data-local-time]` note, labelled as theirs, when their offset then differs from
 *   Vancouver's (`data-offset`, the firm clock's on the server: decision 0083). The browser's own
 *   zone data formats only the visitor's time, never Vancouver's;
 * - after a refused post, the focus goes to the summary of what to correct.
 */
const lang = document.documentElement.lang || "en";
const withZone = new Intl.DateTimeFormat(lang, { calendar: "gregory", weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" });

for (const root of document.querySelectorAll<HTMLElement>("[data-booking-times]")) {
  const template = root.dataset.localLabel ?? "{time}";
  for (const time of root.querySelectorAll<HTMLTimeElement>("time[datetime][data-offset]")) {
    const note = time.closest("label, [data-booked-time]")?.querySelector<HTMLElement>("[data-local-time]");
    const moment = new Date(time.dateTime);
    // The same offset as Vancouver's then shows the same wall-clock time: no second line.
    if (!note || Number.isNaN(moment.getTime()) || -moment.getTimezoneOffset() === Number(time.dataset.offset)) continue;
    note.textContent = template.replace("{time}", withZone.format(moment));
    note.hidden = false;
  }
}

document.querySelector<HTMLElement>("form[data-booking-form] [data-booking-summary]")?.focus();
