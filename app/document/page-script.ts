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
// fallback after the platform's own Chinese font: decision 0072). Their faces are
// `font-display: swap`, so a device without a Chinese font sees its boxes replaced as soon as the
// font has arrived; once both weights are downloaded (into the HTTP cache) the next Chinese
// page's head script adds the sheets before its first paint
// (app/document/chinese-font-slices.server.ts, decisions 0077 and 0085).
const fontSheets = [...document.querySelectorAll<HTMLMetaElement>('meta[name="font-sheet"]')].map((meta) => meta.content);
for (const href of fontSheets) {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  if (href === fontSheets[0]) {
    link.addEventListener("load", () => {
      // "的" is in the subset: these load exactly its two files.
      Promise.all(['16px "Noto Sans SC"', 'bold 16px "Noto Sans SC"'].map((font) => document.fonts.load(font, "的")))
        .then((faces) => {
          if (faces.every((loaded) => loaded.length > 0)) localStorage.setItem("font-sheet-cached", href);
        })
        .catch(() => {});
    });
  }
  document.head.append(link);
}

// STATS_MODE=beacon (decision 0082): one beacon once the page has loaded, so a CDN's cached pages
// count too. A page prerendered by the Speculation Rules counts when it is shown, not when made.
const statsBeacon = document.querySelector<HTMLMetaElement>('meta[name="stats-beacon"]')?.content;
if (statsBeacon) {
  const send = () => navigator.sendBeacon(statsBeacon, JSON.stringify({ p: location.pathname + location.search, r: document.referrer }));
  const afterLoad = () => (document.readyState === "complete" ? send() : addEventListener("load", send, { once: true }));
  if ((document as Document & { prerendering?: boolean }).prerendering) document.addEventListener("prerenderingchange", afterLoad, { once: true });
  else afterLoad();
}
