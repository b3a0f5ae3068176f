import { Link, type LinkProps } from "react-router";
import { useLocalizePath } from "~/i18n/hooks";

/** A link to a site path ("/about") in the current language ("/fa/about"). */
export function LocalizedLink({ to, ...props }: Omit<LinkProps, "to"> & { to: string }) {
  const localize = useLocalizePath();
  return <Link to={localize(to)} {...props} />;
}
