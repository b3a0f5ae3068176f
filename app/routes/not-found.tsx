import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { useT } from "~/i18n/hooks";
import { pageTexts } from "~/i18n/page.server";
import { LocalizedLink } from "~/components/site/LocalizedLink";
import { logRefusal } from "../../core/log";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  logRefusal(context.services.log, context.clientIp, "page not found", { path: url.pathname });
  const page = await pageTexts(request, context, { prefixes: ["not-found-"] });
  return data(page, { status: 404 });
}

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: page?.texts["not-found-page-title"] ?? "404" },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  const t = useT();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-7xl font-bold text-brand-700">{t("not-found-code")}</p>
      <h1 className="text-2xl font-bold text-slate-900">{t("not-found-title")}</h1>
      <p className="text-slate-700">{t("not-found-description")}</p>
      <LocalizedLink to="/" className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
        {t("not-found-home-link")}
      </LocalizedLink>
    </section>
  );
}
