import { useDeferredValue } from "react";
import { PostMarkdown } from "~/components/blog/Markdown";
import { LANGUAGE_INFO, type Lang } from "~/i18n/languages";

/** The font stack the public pages of each language use (app/app.css): Farsi and Chinese set in their own fonts. */
const LANGUAGE_FONT: Record<Lang, string> = { en: "", fa: "font-fa", zh: "font-zh" };

/**
 * The article as the public page renders it (same component, same safe defaults: no raw
 * HTML, only http, https, irc, ircs, mailto, xmpp and relative links). Deferred so typing
 * in a long article stays fluid.
 */
export function MarkdownPreview({ source, lang, label }: { source: string; lang: Lang; label: string }) {
  const deferred = useDeferredValue(source);
  return (
    <div
      role="region"
      aria-label={label}
      // Scrollable, so it must be reachable by keyboard.
      tabIndex={0}
      lang={LANGUAGE_INFO[lang].htmlLang}
      dir={LANGUAGE_INFO[lang].dir}
      className={`max-h-[32rem] min-h-56 overflow-y-auto rounded-md border border-slate-200 bg-slate-50 px-4 py-1 ${LANGUAGE_FONT[lang]}`}
    >
      {deferred.trim() ? (
        <PostMarkdown lang={lang}>{deferred}</PostMarkdown>
      ) : (
        <p lang="en" dir="ltr" className="my-4 text-sm text-slate-600 italic">
          The preview appears here as you write.
        </p>
      )}
    </div>
  );
}
