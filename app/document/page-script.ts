/**
 * The one script of the public pages React does not hydrate (decision 0039), bundled on its own
 * (scripts/build/standalone-script.ts) and loaded as a module after the HTML: each page is
 * complete and usable without it; it adds what the framework used to do there.
 */
import "./site-menus";
import "./live-updates";
