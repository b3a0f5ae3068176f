import { useRef, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { useResultToast } from "~/admin/kit/hooks";
import type { ResultOf } from "~/admin/kit/result";
import { Card } from "~/components/ui/card";
import type { AccountActionResult } from "../actions.server";

type Done<K extends string> = Extract<ResultOf<AccountActionResult, K>, { ok: true }>;

/**
 * A form of Your account that changes a sign-in detail (email, password): posted through its own
 * fetcher, its success toasted and the form emptied, and its refusal (with each field's message).
 */
export function useAccountForm<K extends AccountActionResult["intent"]>(intent: K, success: (answer: Done<K>) => readonly [string, string]) {
  const fetcher = useFetcher<AccountActionResult>();
  const form = useRef<HTMLFormElement>(null);
  useResultToast(
    fetcher,
    (answer) => (answer.intent === intent ? success(answer as Done<K>) : null),
    (answer) => {
      if (answer.ok) form.current?.reset();
    },
  );
  const failed = fetcher.data && !fetcher.data.ok && fetcher.data.intent === intent ? fetcher.data : null;
  return { fetcher, form, busy: fetcher.state !== "idle", failed };
}

/** The frame of such a form: its heading and card. */
export function AccountFormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h3 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h3>
      <Card className="p-4">{children}</Card>
    </section>
  );
}
