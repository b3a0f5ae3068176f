import type { AppLoadContext } from "react-router";
import { langFromPath } from "~/i18n/languages";
import type { SeoSite } from "./jsonld";
import { buildSeoSite } from "./meta";

/** The texts buildSeoSite reads. */
const SITE_KEYS = ["firm-name", "firm-tagline", "footer-phone", "footer-email", "footer-address", "footer-linkedin", "breadcrumb-home"];

/**
 * The firm's facts for a page's JSON-LD, in the request's language. Loaders build the
 * structured data on the server, so the builders never ship to the browser.
 */
export async function seoSiteFor(request: Request, context: AppLoadContext): Promise<SeoSite> {
  const lang = langFromPath(new URL(request.url).pathname);
  const texts = await context.services.texts.pick(lang, { keys: SITE_KEYS });
  return buildSeoSite(lang, context.services.config.SITE_URL, texts);
}
