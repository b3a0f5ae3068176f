import type { Route } from "./+types/privacy";
import { Paragraphs } from "~/components/blog/RichText";
import { Breadcrumbs } from "~/components/site/Breadcrumbs";
import { useT } from "~/i18n/hooks";
import { pageTexts } from "~/i18n/page.server";
import { textsPageMeta } from "~/components/site/page-meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await pageTexts(request, context, { categories: ["privacy"] });
  // Sections are numbered keys; staff may add one more (privacy-section-14-...) in the admin.
  const sections: number[] = [];
  for (let n = 1; page.texts[`privacy-section-${n}-title`] !== undefined; n++) sections.push(n);
  return { ...page, sections };
}

export const meta: Route.MetaFunction = ({ data: page, matches }) =>
  textsPageMeta(matches, page?.texts, "/privacy", { breadcrumb: "privacy-title", fallback: { title: "Privacy Policy" } });

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { sections } = loaderData;
  return (
    <>
      <Breadcrumbs items={[{ label: t("privacy-title") }]} />
      <div className="mx-auto max-w-6xl px-4 pt-6 pb-16 sm:px-6 lg:px-8">
        <header className="border-b border-slate-200 pb-8">
          <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">{t("privacy-title")}</h1>
          <p className="mt-2 text-sm text-slate-600">{t("privacy-last-updated")}</p>
          <p className="mt-5 max-w-3xl text-lg leading-8 text-slate-700">{t("privacy-intro")}</p>
        </header>
        <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_1fr]">
          <nav aria-labelledby="privacy-toc" className="lg:sticky lg:top-24 lg:self-start">
            <h2 id="privacy-toc" className="text-sm font-semibold tracking-wider text-slate-600 uppercase">
              {t("privacy-toc-title")}
            </h2>
            <ol className="mt-3 space-y-1 border-s-2 border-brand-100 text-sm">
              {sections.map((n) => (
                <li key={n}>
                  <a href={`#section-${n}`} className="-ms-0.5 block border-s-2 border-transparent py-1 ps-4 text-slate-700 hover:border-gold-500 hover:text-brand-800">
                    {t(`privacy-section-${n}-title`)}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="max-w-3xl">
            {sections.map((n) => (
              <section key={n} id={`section-${n}`} aria-labelledby={`section-${n}-title`} className="scroll-mt-24 pb-8">
                <h2 id={`section-${n}-title`} className="text-2xl font-semibold text-brand-900">
                  {t(`privacy-section-${n}-title`)}
                </h2>
                <Paragraphs text={t(`privacy-section-${n}-text`)} className="mt-4 leading-7 text-slate-700" />
              </section>
            ))}
          </div>
        </div>
      </div>
    </>
  );
}
