import { useLocation } from "react-router";
import { Globe } from "lucide-react";
import { useLang, useT } from "~/i18n/hooks";
import { LANGUAGES, LANGUAGE_INFO, switchLanguageUrl } from "~/i18n/languages";

/**
 * A <details> dropdown: it opens and closes without JavaScript, by keyboard and for screen
 * readers. The menus' script (app/document/site-menus.ts) closes it on Escape or a click outside
 * (data-menu), and makes a choice keep the hash and replace the history entry (data-language-menu).
 */
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const t = useT();
  const lang = useLang();
  const location = useLocation();

  return (
    <details data-menu="" className={`group relative ${className}`}>
      <summary
        className="flex cursor-pointer list-none items-center gap-1.5 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 [&::-webkit-details-marker]:hidden"
        aria-label={`${t("nav-language-label")}: ${LANGUAGE_INFO[lang].nativeName}`}
      >
        <Globe aria-hidden="true" className="size-4" />
        <span>{LANGUAGE_INFO[lang].nativeName}</span>
      </summary>
      <ul
        data-language-menu=""
        aria-label={t("nav-language-menu-label")}
        className="absolute end-0 z-50 mt-1 min-w-36 rounded-md border border-slate-200 bg-white py-1 shadow-lg"
      >
        {LANGUAGES.map((code) => (
          <li key={code}>
            <a
              href={switchLanguageUrl(location, code)}
              hrefLang={code}
              lang={code}
              aria-current={code === lang ? "true" : undefined}
              className="block px-4 py-2 text-sm text-slate-700 hover:bg-brand-50 aria-[current=true]:font-semibold aria-[current=true]:text-brand-700"
            >
              {t(`nav-language-${code}`)}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
