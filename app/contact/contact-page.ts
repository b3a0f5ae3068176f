/**
 * The contact form's browser part (SPEC.md 2.9, decision 0073), the contact page's own module:
 * the page script imports it after the first paint (`data-page-module`). The form works without
 * it (a plain post the server answers); with it:
 * - the fields are checked with the server's schema first (app/contact/schema.ts, its own file,
 *   fetched when the visitor starts on the form): every message at its field, the first as a
 *   toast, the focus on the first wrong field; a corrected field loses its message at once;
 * - a correct form is sent in the background: the button is disabled with the sending label,
 *   then the server's answer (the page it renders for that post) becomes a toast: the success
 *   message with the form cleared, or its message (rate limit, failure) with the typed text
 *   kept; a send that never arrives (offline) says the form's error.
 */
import { showToast } from "../document/toast";
import { setButtonBusy } from "./busy-button";
import type { ContactField, ContactValues } from "./fields";
import type { validateContact } from "./schema";

type Schema = { validateContact: typeof validateContact };

const form = document.querySelector<HTMLFormElement>("form[data-contact-form]");
if (form) enhance(form);

function enhance(form: HTMLFormElement): void {
  const texts = JSON.parse(form.dataset.texts ?? "{}") as Record<string, string>;
  const text = (key: string) => texts[key] ?? key;
  const fields = (form.dataset.fields ?? "").split(" ") as ContactField[];
  const control = (field: string) => form.elements.namedItem(field) as HTMLInputElement | HTMLTextAreaElement;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const toast = (kind: "success" | "error", message: string) => showToast(kind, message, text("common-toast-close"));

  let schema: Promise<Schema> | null = null;
  const loadSchema = () => {
    schema ??= (import(/* @vite-ignore */ form.dataset.schema!) as Promise<Schema>).catch((error: unknown) => {
      schema = null;
      throw error;
    });
    return schema;
  };
  form.addEventListener("focusin", () => void loadSchema().catch(() => undefined), { once: true });
  form.addEventListener("pointerenter", () => void loadSchema().catch(() => undefined), { once: true });

  /** Show `message` at the field (or clear it), tied to it as the server's render does. */
  const setFieldError = (field: ContactField, message: string | undefined) => {
    const input = control(field);
    const note = document.getElementById(`contact-${field}-error`);
    if (!note) return;
    note.querySelector("span")!.textContent = message ?? "";
    note.hidden = !message;
    if (message) {
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", note.id);
    } else {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
    }
  };
  const showErrors = (errors: Partial<Record<ContactField, string>>) => {
    for (const field of fields) setFieldError(field, errors[field]);
    const first = fields.find((field) => errors[field]);
    if (first) control(first).focus();
  };

  form.addEventListener("input", (event) => {
    const name = (event.target as HTMLInputElement).name as ContactField;
    if (fields.includes(name)) setFieldError(name, undefined);
  });

  let sending = false;
  const setSending = (on: boolean) => {
    sending = on;
    setButtonBusy(button, on, text(on ? "contact-form-sending" : "contact-form-submit"));
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!sending) void send();
  });

  async function send() {
    const values = Object.fromEntries(fields.map((field) => [field, control(field).value])) as ContactValues;
    let checked: ReturnType<typeof validateContact> | undefined;
    try {
      checked = (await loadSchema()).validateContact(values);
    } catch {
      // The schema could not be fetched: the server checks every post anyway.
    }
    if (checked && !checked.success) {
      showErrors(Object.fromEntries(fields.map((field) => [field, checked.errors[field] && text(checked.errors[field])])));
      toast("error", text(checked.firstError));
      return;
    }
    showErrors({});
    setSending(true);
    try {
      const body = new URLSearchParams();
      for (const [name, value] of new FormData(form)) if (typeof value === "string") body.append(name, value);
      const response = await fetch(form.action, { method: "POST", body, credentials: "same-origin" });
      // The server answers as it does without JavaScript: the page, with the result at the form.
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const result = page.querySelector<HTMLElement>("form[data-contact-form] [data-contact-result]");
      if (result?.dataset.contactResult === "ok") {
        for (const field of fields) control(field).value = "";
        toast("success", result.textContent || text("contact.form.success"));
        return;
      }
      const errors: Partial<Record<ContactField, string>> = {};
      for (const field of fields) {
        const note = page.getElementById(`contact-${field}-error`);
        if (note && !note.hidden) errors[field] = note.textContent ?? "";
      }
      showErrors(errors);
      toast("error", result?.textContent || text("contact.form.error"));
    } catch {
      toast("error", text("contact.form.error"));
    } finally {
      setSending(false);
    }
  }

  form.dataset.ready = "";
}

// The map's frame, once the page has painted (app/routes/contact.tsx).
for (const holder of document.querySelectorAll<HTMLElement>("[data-map-src]")) {
  const frame = document.createElement("iframe");
  frame.src = holder.dataset.mapSrc!;
  frame.title = holder.dataset.mapTitle ?? "";
  frame.loading = "lazy";
  frame.className = "size-full border-0";
  holder.replaceChildren(frame);
}
