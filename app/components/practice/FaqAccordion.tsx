import { ChevronDown } from "lucide-react";

export interface FaqItem {
  question: string;
  answer: string;
}

/**
 * Questions and answers as native <details> elements sharing one `name`: the browser keeps
 * one open at a time, the open one collapses when clicked, Enter and Space work on the
 * summary, and the answers are in the server HTML whether or not JavaScript runs.
 */
export function FaqAccordion({ items, group }: { items: FaqItem[]; group: string }) {
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
      {items.map((item, index) => (
        <details key={index} name={group} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 text-start text-base font-semibold text-brand-800 hover:bg-brand-50 sm:text-lg [&::-webkit-details-marker]:hidden">
            <span>{item.question}</span>
            <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-brand-600 transition-transform duration-200 group-open:rotate-180" />
          </summary>
          <div className="px-5 pb-5 leading-relaxed text-slate-700">
            <p>{item.answer}</p>
          </div>
        </details>
      ))}
    </div>
  );
}
