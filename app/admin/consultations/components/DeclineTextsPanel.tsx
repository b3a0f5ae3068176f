import { useFetcher } from "react-router";
import { useResultToast } from "~/admin/kit/hooks";
import type { DeclineText } from "~/booking/decline-texts.server";
import { Button } from "~/components/ui/button";
import { Label, Textarea } from "~/components/ui/field";
import type { ConsultationsResult } from "../actions.server";

const TITLES: Record<DeclineText["key"], string> = {
  "booking-mail-declined-intro": "Decline, another time",
  "booking-mail-cannot-act-intro": "Decline, we cannot act for you",
  "booking-mail-referral-text": "Referral line (added to 'we cannot act' when chosen)",
};
const LANGS = [
  ["en", "English", "ltr"],
  ["fa", "Farsi", "rtl"],
  ["zh", "Chinese", "ltr"],
] as const;

/** The decline mails' messages per language (decision 0096); admins edit them, others read them. */
export function DeclineTextsPanel({ texts, editable }: { texts: DeclineText[]; editable: boolean }) {
  const save = useFetcher<ConsultationsResult>({ key: "decline-texts" });
  useResultToast(save, () => ["Decline messages saved"]);
  const errors = save.data && !save.data.ok && save.data.intent === "decline-texts" ? (save.data.fieldErrors ?? {}) : {};
  return (
    <section aria-labelledby="decline-texts-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <div>
        <h2 id="decline-texts-heading" className="text-xl font-semibold text-slate-900">
          Decline messages
        </h2>
        <p className="text-sm text-slate-600">
          {editable ? "What the visitor reads when a consultation is declined. {when} stands for the date and time. A blank Farsi or Chinese text sends the English." : "Only an admin can change these messages."}
        </p>
      </div>
      <save.Form method="post" className="space-y-4" aria-label="Decline messages">
        <input type="hidden" name="intent" value="decline-texts" />
        <fieldset disabled={!editable} className="space-y-4">
          {texts.map((text) => (
            <fieldset key={text.key} className="space-y-2">
              <legend className="font-semibold text-slate-900">{TITLES[text.key]}</legend>
              {LANGS.map(([lang, name, dir]) => {
                const field = `${text.key}.${lang}`;
                const id = `decline-${text.key}-${lang}`;
                return (
                  <div key={lang}>
                    <Label htmlFor={id}>{name}</Label>
                    <Textarea
                      id={id}
                      name={field}
                      dir={dir}
                      lang={lang}
                      rows={3}
                      defaultValue={text[lang]}
                      required={lang === "en"}
                      {...(errors[field] ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {})}
                    />
                    {errors[field] ? (
                      <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
                        {errors[field]}
                      </p>
                    ) : null}
                  </div>
                );
              })}
            </fieldset>
          ))}
          {editable ? (
            <Button type="submit" disabled={save.state !== "idle"}>
              Save decline messages
            </Button>
          ) : null}
        </fieldset>
      </save.Form>
    </section>
  );
}
