import type { ReactNode } from "react";

/** The plain navy band that opens the contact, video and booking pages: title, subtitle, then anything under them. */
export function BandHero({ title, subtitle, children }: { title: string; subtitle: string; children?: ReactNode }) {
  return (
    <section className="bg-brand-900 px-4 py-16 text-center text-white sm:py-20">
      <h1 className="mx-auto max-w-4xl text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-200">{subtitle}</p>
      {children}
    </section>
  );
}
