import { useLocation } from "react-router";
import commonTexts from "~/i18n/defaults/common";
import { langFromPath, localizePath, type Lang } from "~/i18n/languages";

/**
 * The error page that needs nothing from the server: built-in texts in the URL's language,
 * the status, and no stack trace outside development.
 */
export function FallbackErrorPage({ status, error }: { status: number; error?: unknown }) {
  const lang = langFromPath(useLocation().pathname);
  const texts: Record<string, Record<Lang, string> | undefined> = commonTexts.texts;
  const text = (key: string) => texts[key]?.[lang] ?? key;
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <title>{text("error-page-title")}</title>
      <h1 className="text-3xl font-bold text-brand-800">{text("error-title")}</h1>
      <p className="text-slate-700">{text("error-description")}</p>
      <p className="text-sm text-slate-600">{status}</p>
      {import.meta.env.DEV && error instanceof Error ? <pre className="overflow-auto text-start text-sm">{error.stack}</pre> : null}
      <a className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800" href={localizePath("/", lang)}>
        {text("error-home-link")}
      </a>
    </main>
  );
}
