/**
 * The one script of the public pages (decision 0039, and 0073 for the contact and video pages),
 * bundled on its own (scripts/build/standalone-script.ts) and imported once the page has painted:
 * each page is complete and usable without it; it adds what the framework used to do there.
 *
 * A page that needs more (the contact form's checks, the video meeting) names its own module in
 * `data-page-module` (a `?standalone` URL the server rendered); it is imported from here, so it
 * too waits for the first paint and only that page downloads it.
 */
import "./site-menus";
import "./live-updates";

for (const element of document.querySelectorAll<HTMLElement>("[data-page-module]")) {
  const url = element.dataset.pageModule;
  if (url) import(/* @vite-ignore */ url).catch((error: unknown) => console.error(error));
}

// The web fonts a page asks for after its first paint (Noto Sans SC on Chinese pages, the last
// fallback after the platform's own Chinese font: decision 0072).
for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="font-sheet"]')) {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = meta.content;
  document.head.append(link);
}
