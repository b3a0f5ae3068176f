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
const lang = document.documentElement.lang || "en";
const withZone = new Intl.DateTimeFormat(lang, { calendar: "gregory", weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" });

/**
 * The visitor's own time beside each Vancouver time, labelled as theirs, when their offset then
 * differs from Vancouver's (`data-offset`, written by the firm clock on the server: decision
 * 0083). The browser's zone data formats only the visitor's time, never Vancouver's.
 */
function showLocalTimes(root: HTMLElement): void {
  const template = root.dataset.localLabel ?? "{time}";
  const say = (note: HTMLElement, moment: Date, offset: string | undefined) => {
    if (Number.isNaN(moment.getTime()) || offset === undefined || -moment.getTimezoneOffset() === Number(offset)) return;
    note.textContent = template.replace("{time}", withZone.format(moment));
    note.hidden = false;
  };
  // The form's times: each radio's value is its start; the note goes after it, inside its label.
  for (const input of root.querySelectorAll<HTMLInputElement>('input[name="start"][data-offset]')) {
    const note = document.createElement("span");
    note.dataset.localTime = "";
    note.hidden = true;
    input.closest("label")?.append(note);
    say(note, new Date(input.value), input.dataset.offset);
  }
  // The confirmation's time, with its note already in place.
  for (const time of root.querySelectorAll<HTMLTimeElement>("time[datetime][data-offset]")) {
    const note = time.closest("label, [data-booked-time]")?.querySelector<HTMLElement>("[data-local-time]");
    if (note) say(note, new Date(time.dateTime), time.dataset.offset);
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

// Another way of meeting shows the times of the lawyers who meet that way (decision 0104), as "Show times" does.
form?.addEventListener("change", (event) => {
  const target = event.target as Element;
  const narrow = form.querySelector<HTMLButtonElement>('button[name="show"][value="filter"]');
  // The focus stays on the radio button: arrow keys move through the ways without leaving the group.
  if (narrow && target instanceof HTMLInputElement && target.name === "kind") void showPage(form, narrow, false);
});

/**
 * The button's page, narrowed by the lawyer, practice area, language and way of meeting chosen in
 * the form now (decision 0104; the server drew the button before they were chosen). Without
 * bookable lawyers the form has no lawyer field and nothing narrows.
 */
function pageAddress(form: HTMLFormElement, button: HTMLButtonElement): string {
  const href = button.getAttribute("formaction") ?? "";
  if (!(form.elements.namedItem("lawyer") instanceof HTMLSelectElement)) return href;
  const url = new URL(href, location.href);
  for (const name of ["lawyer", "area", "speaks", "kind"]) {
    const field = form.elements.namedItem(name);
    // The selects, and the way of meeting's radio buttons (a RadioNodeList's value is the checked one's).
    const value = field instanceof HTMLSelectElement || field instanceof RadioNodeList ? field.value : null;
    if (value === null) continue;
    if (value) url.searchParams.set(name, value);
    else url.searchParams.delete(name);
  }
  return url.pathname + url.search + url.hash;
}

/** Put the days and times of the button's page in place of these; on any failure, post as without script. */
async function showPage(form: HTMLFormElement, button: HTMLButtonElement, moveFocus = true): Promise<void> {
  const href = pageAddress(form, button);
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
    if (moveFocus) fresh.querySelector<HTMLElement>(target)?.focus();
  } catch {
    form.requestSubmit(button);
  }
}

document.querySelector<HTMLElement>("form[data-booking-form] [data-booking-summary]")?.focus();
