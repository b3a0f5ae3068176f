/**
 * The booking pages' browser part (decisions 0078, 0086): the booking form's and the
 * confirmation's own module, which the page script imports after the first paint
 * (`data-page-module`). Both pages work without it; with it:
 * - beside each Vancouver time (a slot's radio, or the confirmation's `<time>`, inside
 *   `[data-booking-times]`), the visitor's own time in a `[data-local-time]` note, when their
 *   time zone shows another time
 *   (Intl.DateTimeFormat, Gregorian dates, in the page's language);
 * - a day or weeks button fetches that page and puts its days and times in place of these, so
 *   nothing typed is sent or lost and the focus goes to the new times (without script the same
 *   button posts the form, which comes back with what was typed);
 * - after a refused post, the focus goes to the summary of what to correct.
 */
const VANCOUVER = "America/Vancouver";
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const lang = document.documentElement.lang || "en";
const options: Intl.DateTimeFormatOptions = { calendar: "gregory", weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" };
const local = new Intl.DateTimeFormat(lang, options);
const vancouver = new Intl.DateTimeFormat(lang, { ...options, timeZone: VANCOUVER });
const withZone = new Intl.DateTimeFormat(lang, { ...options, timeZoneName: "short" });

function showLocalTimes(root: HTMLElement): void {
  if (!zone || zone === VANCOUVER) return;
  const template = root.dataset.localLabel ?? "{time}";
  const say = (note: HTMLElement, moment: Date) => {
    // The same wall-clock time (another zone on Pacific time) needs no second line.
    if (Number.isNaN(moment.getTime()) || local.format(moment) === vancouver.format(moment)) return;
    note.textContent = template.replace("{time}", withZone.format(moment));
    note.hidden = false;
  };
  // The form's times: each radio's value is its start; the note goes after it, inside its label.
  for (const input of root.querySelectorAll<HTMLInputElement>('input[name="start"]')) {
    const note = document.createElement("span");
    note.dataset.localTime = "";
    note.hidden = true;
    input.closest("label")?.append(note);
    say(note, new Date(input.value));
  }
  // The confirmation's time, with its note already in place.
  for (const time of root.querySelectorAll<HTMLTimeElement>("[data-booked-time] time[datetime]")) {
    const note = time.closest("[data-booked-time]")?.querySelector<HTMLElement>("[data-local-time]");
    if (note) say(note, new Date(time.dateTime));
  }
}

for (const root of document.querySelectorAll<HTMLElement>("[data-booking-times]")) showLocalTimes(root);

const form = document.querySelector<HTMLFormElement>("form[data-booking-form]");
form?.addEventListener("click", (event) => {
  const button = (event.target as Element).closest<HTMLButtonElement>('button[name="show"]');
  if (!button || !form.contains(button)) return;
  event.preventDefault();
  void showPage(form, button);
});

/** Put the days and times of the button's page in place of these; on any failure, post as without script. */
async function showPage(form: HTMLFormElement, button: HTMLButtonElement): Promise<void> {
  const href = button.getAttribute("formaction") ?? "";
  try {
    const response = await fetch(href, { credentials: "same-origin" });
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const fresh = page.querySelector<HTMLElement>("form[data-booking-form] [data-booking-slots]");
    const action = page.querySelector("form[data-booking-form]")?.getAttribute("action");
    const current = form.querySelector<HTMLElement>("[data-booking-slots]");
    if (!response.ok || !fresh || !action || !current) throw new Error(`booking page ${response.status}`);
    current.replaceWith(fresh);
    form.setAttribute("action", action);
    history.replaceState(history.state, "", href.replace(/#.*/, "") + "#book");
    showLocalTimes(fresh);
    const target = button.value === "day" ? "#booking-times-title" : "#booking-days-title";
    fresh.querySelector<HTMLElement>(target)?.focus();
  } catch {
    form.requestSubmit(button);
  }
}

document.querySelector<HTMLElement>("form[data-booking-form] [data-booking-summary]")?.focus();
