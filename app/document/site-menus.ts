/**
 * The site's menus without React (decision 0039), bundled on its own and loaded as a module after
 * the HTML on every public page (scripts/build/standalone-script.ts); the pages React does not
 * hydrate get it inside their page script (./page-script.ts). It imports nothing: the menus open,
 * close and lead where they should without it.
 *
 * - The language switch (`[data-language-menu] a`) keeps the address's query and hash and
 *   replaces the history entry: going back leaves the site rather than showing the other
 *   language. The query comes from the address, not the link: a stored page is the same for
 *   every query string (decision 0053), so its links carry none.
 * - An open menu (`details[data-menu]`) closes on Escape (focus back on its toggle), on a click
 *   outside it, and when the page comes back from the back-forward cache.
 */

const MENUS = "details[data-menu][open]";

function openMenus(): HTMLDetailsElement[] {
  return [...document.querySelectorAll<HTMLDetailsElement>(MENUS)];
}

document.addEventListener("click", (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const language = target?.closest<HTMLAnchorElement>("[data-language-menu] a[href]");
  if (language && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey) {
    event.preventDefault();
    location.replace(language.href.split(/[?#]/)[0] + location.search + location.hash);
    return;
  }
  for (const menu of openMenus()) if (!target || !menu.contains(target)) menu.open = false;
});

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  const menus = openMenus();
  // The outermost open menu holding the focus gets it back on its toggle (a nested menu closes with it).
  const holder = menus.find((menu) => menu.contains(document.activeElement));
  for (const menu of menus) menu.open = false;
  holder?.querySelector("summary")?.focus();
});

addEventListener("pageshow", (event) => {
  if (event.persisted) for (const menu of openMenus()) menu.open = false;
});

// A module of its own (its names stay in it).
export {};
