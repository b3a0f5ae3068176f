import type { ReactNode, Ref } from "react";

interface AdminTabProps {
  /** The heading's id: the section is named by it. */
  id: string;
  title: ReactNode;
  description: ReactNode;
  /** Buttons beside the heading (New Post, Add Team Member). */
  actions?: ReactNode;
  /** For a tab that moves the focus to its heading (after a delete, say); makes it focusable. */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}

/** A dashboard tab: one section named by its heading, a line under it, actions beside, then its content. */
export function AdminTab({ id, title, description, actions, headingRef, children }: AdminTabProps) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className="text-xl font-semibold text-slate-900 outline-none">
            {title}
          </h2>
          <p className="text-sm text-slate-700">{description}</p>
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
