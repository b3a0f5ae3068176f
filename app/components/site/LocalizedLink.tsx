import type { AnchorHTMLAttributes } from "react";
import { useLocalizePath } from "~/i18n/hooks";

/**
 * A link to a site path ("/about") in the current language ("/fa/about"). A plain anchor, also
 * on the pages React hydrates: moving between pages is a document navigation, served from the
 * page cache and made instant by Speculation Rules (decisions 0039, 0040).
 */
export function LocalizedLink({ to, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const localize = useLocalizePath();
  return <a href={localize(to)} {...props} />;
}
