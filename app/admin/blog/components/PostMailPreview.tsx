import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { useResultToast } from "~/admin/kit/hooks";
import { Button } from "~/components/ui/button";
import type { MailPreviewResult, MailTestResult } from "~/admin/blog/edit-actions.server";

const LANGUAGE_WORDS = { en: "English", fa: "Farsi", zh: "Chinese" } as const;
type Lang = keyof typeof LANGUAGE_WORDS;

/**
 * "Preview the mail" and "Send a test to me" (decision 0108): the mail each language's subscribers
 * get for this post, shown without sending; and that mail sent to the signed-in person's own
 * address only. Neither counts as the post's send.
 */
export function PostMailPreview({ postId }: { postId: number }) {
  const preview = useFetcher<MailPreviewResult>({ key: `mail-preview-${postId}` });
  const test = useFetcher<MailTestResult>({ key: `mail-test-${postId}` });
  const [language, setLanguage] = useState<Lang>("en");
  const id = useId();
  useResultToast(preview);
  useResultToast(test, (answer) => ["Test mail on its way", `The ${LANGUAGE_WORDS[language]} mail goes to ${answer.to} only; subscribers get nothing.`]);
  const mails = preview.data?.ok ? preview.data.mails : null;
  return (
    <div className="space-y-3 border-t border-slate-200 pt-3">
      <div className="flex flex-wrap items-end gap-3">
        <Button type="button" variant="secondary" size="sm" disabled={preview.state !== "idle"} onClick={() => void preview.submit({ intent: "mail-preview" }, { method: "post" })}>
          Preview the mail
        </Button>
        <label htmlFor={`${id}-language`} className="grid gap-1 text-sm font-medium text-slate-800">
          Test in
          <select id={`${id}-language`} value={language} onChange={(event) => setLanguage(event.target.value as Lang)} className="rounded-md border border-slate-300 px-2 py-1.5">
            {(Object.keys(LANGUAGE_WORDS) as Lang[]).map((lang) => (
              <option key={lang} value={lang}>
                {LANGUAGE_WORDS[lang]}
              </option>
            ))}
          </select>
        </label>
        <Button type="button" variant="secondary" size="sm" disabled={test.state !== "idle"} onClick={() => void test.submit({ intent: "mail-test", language }, { method: "post" })}>
          Send a test to me
        </Button>
      </div>
      {mails ? (
        <div className="space-y-3" data-testid="mail-preview">
          {mails.map((mail) => (
            <section key={mail.language} aria-labelledby={`${id}-${mail.language}`} className="rounded-md border border-slate-200 p-3">
              <h3 id={`${id}-${mail.language}`} className="text-sm font-semibold text-slate-900">
                {LANGUAGE_WORDS[mail.language]} subscribers
              </h3>
              {mail.waits ? (
                <p className="text-sm text-slate-700">No mail yet: they get this post when its {LANGUAGE_WORDS[mail.language]} version is published.</p>
              ) : (
                <>
                  {mail.english ? <p className="text-sm text-slate-700">The English mail, with a line in their language first.</p> : null}
                  <p className="text-sm">
                    <span className="font-medium text-slate-800">Subject: </span>
                    <span dir="auto">{mail.subject}</span>
                  </p>
                  <pre dir="auto" lang={mail.english ? undefined : mail.language} className="mt-2 max-h-80 overflow-auto whitespace-pre-wrap rounded bg-slate-50 p-2 font-sans text-sm text-slate-800">
                    {mail.text}
                  </pre>
                </>
              )}
            </section>
          ))}
          <p className="text-xs text-slate-600">The unsubscribe link in each mail is the subscriber&apos;s own.</p>
        </div>
      ) : null}
    </div>
  );
}
