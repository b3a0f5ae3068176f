import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { Globe } from "lucide-react";
import { useLang, useT } from "~/i18n/hooks";
import { LANGUAGES, LANGUAGE_INFO, switchLanguageUrl, type Lang } from "~/i18n/languages";

/**
 * A <details> dropdown: it opens and closes without JavaScript, by keyboard and for screen
 * readers. With JavaScript, choosing a language keeps the hash and replaces the history entry.
 */
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const navigate = useNavigate();
  const detailsRef = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const close = (event: MouseEvent | KeyboardEvent) => {
      const details = detailsRef.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !details.contains(event.target as Node)) {
        details.open = false;
        if (event instanceof KeyboardEvent) details.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, []);

  const choose = (event: React.MouseEvent<HTMLAnchorElement>, target: Lang) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (detailsRef.current) detailsRef.current.open = false;
    navigate(switchLanguageUrl({ ...location, hash: window.location.hash }, target), { replace: true });
  };

  return (
    <details ref={detailsRef} className={`group relative ${className}`}>
      <summary
        className="flex cursor-pointer list-none items-center gap-1.5 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 [&::-webkit-details-marker]:hidden"
        aria-label={`${t("nav-language-label")}: ${LANGUAGE_INFO[lang].nativeName}`}
      >
        <Globe aria-hidden="true" className="size-4" />
        <span>{LANGUAGE_INFO[lang].nativeName}</span>
      </summary>
      <ul
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
              onClick={(event) => choose(event, code)}
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
