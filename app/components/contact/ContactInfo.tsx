import { Clock, Mail, MapPin, Phone } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { useT } from "~/i18n/hooks";
import { telHref } from "~/components/site/Footer";

function InfoCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: React.ReactNode }) {
  return (
    <section className="flex gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <h2 className="text-base font-semibold text-brand-800">{title}</h2>
        <div className="mt-1 text-slate-700">{children}</div>
      </div>
    </section>
  );
}

/** Office address, tap-to-call phone, mailto email and the opening hours. */
export function ContactInfo() {
  const t = useT();
  const phone = t("contact-phone");
  const email = t("contact-email");
  return (
    <div className="space-y-4">
      <InfoCard icon={MapPin} title={t("contact-info-address-title")}>
        <address className="not-italic">{t("contact-office-address")}</address>
      </InfoCard>
      <InfoCard icon={Phone} title={t("contact-info-phone-title")}>
        <a href={telHref(phone)} className="font-medium text-brand-700 underline-offset-4 hover:underline">
          <bdi dir="ltr">{phone}</bdi>
        </a>
      </InfoCard>
      <InfoCard icon={Mail} title={t("contact-info-email-title")}>
        <a href={`mailto:${email}`} className="break-all font-medium text-brand-700 underline-offset-4 hover:underline">
          <bdi dir="ltr">{email}</bdi>
        </a>
      </InfoCard>
      <InfoCard icon={Clock} title={t("contact-info-hours-title")}>
        <ul className="space-y-1">
          <li>{t("contact-hours-weekday")}</li>
          <li>{t("contact-hours-weekend")}</li>
          <li>{t("contact-hours-emergency")}</li>
        </ul>
      </InfoCard>
    </div>
  );
}
