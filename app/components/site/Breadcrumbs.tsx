import { ChevronRight, Home } from "lucide-react";
import { useT } from "~/i18n/hooks";
import { LocalizedLink } from "./LocalizedLink";

export interface Crumb {
  label: string;
  /** Unprefixed site path; the last crumb (the current page) has none. */
  path?: string;
}

/** Home icon, then each level; the current page is marked for assistive technology. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const t = useT();
  return (
    <nav aria-label={t("breadcrumb-label")} className="mx-auto max-w-7xl px-4 py-3 sm:px-6 lg:px-8">
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-slate-600">
        <li>
          <LocalizedLink to="/" className="flex items-center gap-1 hover:text-brand-700">
            <Home aria-hidden="true" className="size-4" />
            <span className="sr-only">{t("breadcrumb-home")}</span>
          </LocalizedLink>
        </li>
        {items.map((item, index) => (
          <li key={`${item.label}-${index}`} className="flex items-center gap-1.5">
            <ChevronRight aria-hidden="true" className="flip-rtl size-4 text-slate-400" />
            {item.path && index < items.length - 1 ? (
              <LocalizedLink to={item.path} className="hover:text-brand-700">
                {item.label}
              </LocalizedLink>
            ) : (
              <span aria-current="page" className="font-medium text-slate-800">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
