import { Clock, ShieldCheck, UserRound } from "lucide-react";
import type { Route } from "./+types/virtual-consultation";
import { useT } from "~/i18n/hooks";
import { pageTexts } from "~/i18n/page.server";
import { pageMeta } from "~/seo/meta";
import { Breadcrumbs } from "~/components/site/Breadcrumbs";
import { BookingLink } from "~/components/contact/BookingLink";

export async function loader({ request, context }: Route.LoaderArgs) {
  return pageTexts(request, context, { categories: ["virtual-consultation"] });
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches, {
    title: data?.texts["virtual-consultation-page-title"] ?? "",
    description: data?.texts["virtual-consultation-meta-description"] ?? "",
    path: "/virtual-consultation",
    breadcrumbs: [{ name: data?.texts["virtual-consultation-breadcrumb"] ?? "", path: "/virtual-consultation" }],
  });

const EXPECT_ITEMS = [
  { n: 1, icon: Clock },
  { n: 2, icon: UserRound },
  { n: 3, icon: ShieldCheck },
] as const;

export default function VirtualConsultation() {
  const t = useT();
  return (
    <>
      <Breadcrumbs items={[{ label: t("virtual-consultation-breadcrumb") }]} />

      <section className="bg-brand-900 px-4 py-16 text-center text-white sm:py-20">
        <h1 className="mx-auto max-w-4xl text-4xl font-bold tracking-tight sm:text-5xl">{t("virtual-consultation-title")}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-200">{t("virtual-consultation-subtitle")}</p>
        <div className="mt-8 flex flex-col items-center gap-3">
          <BookingLink label={t("virtual-consultation-button")} className="bg-gold-400 text-brand-900 hover:bg-gold-300" />
          <p className="text-sm text-slate-300">{t("virtual-consultation-button-note")}</p>
        </div>
      </section>

      <section aria-labelledby="expect-title" className="mx-auto max-w-5xl px-4 py-14 sm:px-6 lg:px-8 lg:py-20">
        <h2 id="expect-title" className="text-center text-3xl font-bold text-brand-800">
          {t("virtual-consultation-expect-title")}
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-3">
          {EXPECT_ITEMS.map(({ n, icon: Icon }) => (
            <li key={n} className="flex flex-col items-center rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm">
              <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <p className="mt-4 text-3xl font-bold text-brand-800">{t(`virtual-consultation-expect-${n}-value`)}</p>
              <p className="mt-2 text-slate-700">{t(`virtual-consultation-expect-${n}-text`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
