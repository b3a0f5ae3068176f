import type { Route } from "./+types/home";
import { useT } from "~/i18n/hooks";
import { pageTexts } from "~/i18n/page.server";
import { LocalizedLink } from "~/components/site/LocalizedLink";

export async function loader({ request, context }: Route.LoaderArgs) {
  return pageTexts(request, context, { categories: ["home"] });
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.texts["hero-headline"] }];

export default function Home() {
  const t = useT();
  return (
    <section className="flex min-h-[90vh] flex-col items-center justify-center gap-6 bg-brand-900 px-4 text-center text-white">
      <h1 className="max-w-4xl text-4xl font-bold sm:text-5xl">{t("hero-headline")}</h1>
      <p className="max-w-2xl text-lg text-slate-200">{t("hero-tagline")}</p>
      <LocalizedLink to="/virtual-consultation" className="rounded-md bg-gold-400 px-6 py-3 font-semibold text-brand-900">
        {t("nav-consultation")}
      </LocalizedLink>
    </section>
  );
}
