import { CalendarDays, ExternalLink } from "lucide-react";
import { useT } from "~/i18n/hooks";
import { useSite } from "~/components/site/use-site";
import { LocalizedLink } from "~/components/site/LocalizedLink";

/** Where the built-in booking form starts on /virtual-consultation (decision 0078). */
export const BOOKING_FORM_ANCHOR = "book";

/**
 * The booking button (decision 0078). With BOOKING_URL set: a link to the firm's own scheduler in
 * a new tab (rel keeps it from reaching back into this page). Without: a link to the site's own
 * booking form, `#book` on the booking page itself (`samePage`), else that page's form in the
 * current language. A real link either way, so it works without JavaScript.
 */
export function BookingLink({ label, className = "", samePage = false }: { label: string; className?: string; samePage?: boolean }) {
  const t = useT();
  const { bookingUrl } = useSite();
  const classes = `inline-flex items-center justify-center gap-2 rounded-md px-6 py-3 text-base font-semibold shadow-sm transition-colors ${className}`;
  if (!bookingUrl) {
    const content = (
      <>
        <CalendarDays aria-hidden="true" className="size-5" />
        {label}
      </>
    );
    return samePage ? (
      <a href={`#${BOOKING_FORM_ANCHOR}`} className={classes}>
        {content}
      </a>
    ) : (
      <LocalizedLink to={`/virtual-consultation#${BOOKING_FORM_ANCHOR}`} className={classes}>
        {content}
      </LocalizedLink>
    );
  }
  return (
    <a href={bookingUrl} target="_blank" rel="noopener noreferrer" className={classes}>
      <CalendarDays aria-hidden="true" className="size-5" />
      {label}
      <ExternalLink aria-hidden="true" className="size-4" />
      <span className="sr-only"> ({t("common-opens-new-tab")})</span>
    </a>
  );
}
