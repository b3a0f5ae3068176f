/**
 * A toast without React (decision 0073), for the page modules of the public pages: one message at
 * a time at the top of the screen, for 5 seconds (longer while the pointer or the focus is on it),
 * with a close button; errors are alerts, the rest status messages, both read out by screen
 * readers. What sonner did on the contact page, in a few hundred bytes.
 */

export type ToastKind = "success" | "error";

const DURATION_MS = 5000;

const KIND_CLASSES: Record<ToastKind, string> = {
  success: "border-green-700 bg-green-50 text-green-900",
  error: "border-red-700 bg-red-50 text-red-900",
};

/**
 * The toasts' place on the page, there before anything is said: a screen reader reads out what
 * later appears in a live region it already knew.
 */
const area = document.createElement("div");
area.setAttribute("aria-live", "polite");
area.className = "pointer-events-none fixed inset-x-0 top-4 z-50 flex justify-center px-4";
document.body.append(area);

/** Show `message`; the previous toast, if any, makes way. `closeLabel` names the close button. */
export function showToast(kind: ToastKind, message: string, closeLabel: string): void {
  area.replaceChildren();
  const toast = document.createElement("div");
  toast.dataset.toast = "";
  toast.dataset.type = kind;
  toast.setAttribute("role", kind === "error" ? "alert" : "status");
  toast.className = `pointer-events-auto flex max-w-md items-start gap-3 rounded-md border px-4 py-3 text-sm font-medium shadow-lg ${KIND_CLASSES[kind]}`;
  const text = document.createElement("p");
  text.className = "flex-1";
  text.textContent = message;
  const close = document.createElement("button");
  close.type = "button";
  close.className = "-me-1 rounded px-1 text-lg leading-none hover:bg-black/10 focus:outline-2 focus:outline-current";
  close.setAttribute("aria-label", closeLabel);
  close.textContent = "×";
  toast.append(text, close);
  area.append(toast);

  let timer = 0;
  const remove = () => {
    clearTimeout(timer);
    toast.remove();
  };
  const wait = () => {
    clearTimeout(timer);
    timer = window.setTimeout(remove, DURATION_MS);
  };
  close.addEventListener("click", remove);
  // Held open while someone reads or reaches for it.
  toast.addEventListener("pointerenter", () => clearTimeout(timer));
  toast.addEventListener("pointerleave", wait);
  toast.addEventListener("focusin", () => clearTimeout(timer));
  toast.addEventListener("focusout", wait);
  wait();
}
