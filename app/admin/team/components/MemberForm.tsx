import { getFormProps, useForm } from "@conform-to/react";
import { useEffect, useId, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { historyPath } from "~/admin/kit/history-paths";
import { toast } from "sonner";
import { Button, buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Field, Input, Label, Textarea } from "~/components/ui/field";
import { Switch } from "~/components/ui/switch";
import {
  LANGS,
  LANGUAGE_NAMES,
  MEMBER_FIELD_LABELS,
  MEMBER_TEXT_FIELDS,
  MULTILINE_MEMBER_FIELDS,
  memberFieldName,
  memberFromFormData,
  memberSchema,
  type EditLang,
  type TeamMemberView,
} from "~/team/schema";
import { PhotoUpload } from "./PhotoUpload";
import type { TeamActionResult } from "~/admin/team/actions.server";
import { parseWithSchema, useLastResult } from "~/admin/kit/conform";
import { useFetcherResult } from "~/admin/kit/hooks";
import { useCan } from "~/admin/kit/can";
import { ReviewBadge } from "~/admin/kit/ReviewBadge";
import { OutdatedBadge, OutdatedNotice } from "~/admin/kit/OutdatedBadge";
import { useFirmClock } from "~/admin/kit/firm-clock";
import { TeamAutoTranslate } from "./TeamAutoTranslate";

const LANG_ATTRS: Record<EditLang, { lang: string; dir: "ltr" | "rtl"; className: string }> = {
  en: { lang: "en", dir: "ltr", className: "" },
  fa: { lang: "fa", dir: "rtl", className: "font-[Vazirmatn,ui-sans-serif,system-ui,sans-serif]" },
  zh: { lang: "zh", dir: "ltr", className: "font-['Noto_Sans_SC',ui-sans-serif,system-ui,sans-serif]" },
};

interface MemberFormProps {
  member: TeamMemberView;
  /** Put the cursor in the name field on mount (a member just added). */
  focusName: boolean;
  onDelete: (id: number) => void;
  deleting: boolean;
}

/** The expanded panel of one member: details, photos, the five texts in three languages. */
const PROPOSED_TEXT = "Your change is waiting for a lawyer's sign-off. Visitors see the current version until a lawyer publishes it from the member's History.";

export function MemberForm({ member, focusName, onDelete, deleting }: MemberFormProps) {
  const fetcher = useFetcher<TeamActionResult>();
  const nameRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const saving = fetcher.state !== "idle";

  useEffect(() => {
    if (focusName) nameRef.current?.focus();
  }, [focusName]);

  const [form] = useForm({
    id: `member-${member.id}`,
    lastResult: useLastResult(fetcher.data, (result) => (result.ok ? undefined : result.fieldErrors)),
    onValidate: ({ formData }) => {
      // The server checks the same schema again.
      const submission = parseWithSchema(formData, memberSchema, { input: memberFromFormData, nameOf: memberFieldName });
      // "error" is a refused submission; checks on blur or input have no status.
      if (submission.status === "error") toast.error("Failed to update member", { description: Object.values(submission.error ?? {})[0]?.[0] });
      return submission;
    },
    onSubmit: (event, { formData }) => {
      event.preventDefault();
      void fetcher.submit(formData, { method: "post" });
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const errors = (name: string) => form.allErrors[name]?.[0];

  // Without the sign-off, a shown member's change waits for a lawyer (decision 0070).
  const canSignOff = useCan("changes.publish");
  const clock = useFirmClock();
  const proposes = member.active && !canSignOff;
  useFetcherResult(fetcher, (result) => {
    if (result.ok && "proposed" in result && result.proposed) toast.success("Change proposed", { description: PROPOSED_TEXT });
    else if (result.ok) toast.success("Team member updated");
    else toast.error("Failed to update member", { description: result.reason });
  });

  return (
    <form method="post" {...getFormProps(form)} className="flex flex-col gap-6">
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={member.id} />
      <input type="hidden" name="version" value={member.version} />

      <OutdatedNotice outdated={member.outdated} noun="team member" firmTime={clock.firmTime} />

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={errors("name")}>
          {(control) => <Input {...control} ref={nameRef} name="name" defaultValue={member.name} required autoComplete="off" />}
        </Field>
        <Field label="Email" error={errors("email")}>
          {(control) => <Input {...control} name="email" type="email" defaultValue={member.email} autoComplete="off" />}
        </Field>
        <Field label="Phone" error={errors("phone")}>
          {(control) => <Input {...control} name="phone" type="tel" defaultValue={member.phone} autoComplete="off" />}
        </Field>
        <Field label="Order" error={errors("order_index")} hint="Lower numbers are listed first.">
          {(control) => (
            <Input {...control} name="order_index" type="number" step={1} inputMode="numeric" defaultValue={String(member.orderIndex)} required />
          )}
        </Field>
      </div>

      <div className="flex items-center gap-3">
        <Switch id={`${id}-active`} name="active" defaultChecked={member.active} aria-describedby={`${id}-active-hint`} />
        <div>
          <Label htmlFor={`${id}-active`} className="mb-0">
            Active
          </Label>
          <p id={`${id}-active-hint`} className="text-xs text-slate-600">
            Only active members appear on the public Team page.
          </p>
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <PhotoUpload memberId={member.id} memberName={member.name} kind="color" thumb={member.photoThumb} />
        <PhotoUpload memberId={member.id} memberName={member.name} kind="bw" thumb={member.photoBwThumb} />
      </div>

      {MEMBER_TEXT_FIELDS.map((field) => (
        <fieldset key={field} className="rounded-md border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">{MEMBER_FIELD_LABELS[field]}</legend>
          {field === "areas_of_practice" ? (
            <p className="mb-2 text-xs text-slate-600">Separate the areas with commas; each one is shown as a badge.</p>
          ) : null}
          <div className="grid gap-3 md:grid-cols-3">
            {LANGS.map((lang) => {
              const name = `${field}_${lang}`;
              const attrs = LANG_ATTRS[lang];
              return (
                <div key={lang}>
                  <Field label={LANGUAGE_NAMES[lang]} error={errors(name)}>
                    {(control) =>
                      MULTILINE_MEMBER_FIELDS.has(field) ? (
                        <Textarea {...control} {...attrs} name={name} rows={field === "bio" ? 6 : 3} defaultValue={member.texts[field][lang]} />
                      ) : (
                        <Input {...control} {...attrs} name={name} defaultValue={member.texts[field][lang]} />
                      )
                    }
                  </Field>
                  {lang === "en" ? null : (
                    <div className="mt-1 flex flex-wrap items-center gap-2">
                      {member.outdated[lang] ? <OutdatedBadge language={lang} since={member.outdated[lang]} /> : <ReviewBadge state={member.review[field][lang]} />}
                      <TeamAutoTranslate formId={form.id} memberId={member.id} field={field} language={lang} label={`${MEMBER_FIELD_LABELS[field]} in ${LANGUAGE_NAMES[lang]}`} />
                    </div>
                  )}
                </div>
              );
            })}
          </div>
        </fieldset>
      ))}

      <div className="flex flex-wrap justify-between gap-3">
        <ConfirmDialog
          trigger={
            <Button variant="destructive" disabled={deleting}>
              {deleting ? "Deleting…" : "Delete"}
            </Button>
          }
          title="Delete Team Member"
          description="This deletes the team member and all their texts. It can be restored from Recently deleted for 30 days."
          confirmLabel="Delete"
          onConfirm={() => onDelete(member.id)}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Link to={historyPath("team_member", member.id)} className={buttonClass("ghost")}>
            History<span className="sr-only"> of {member.name}</span>
          </Link>
          {proposes ? (
            <p id={`member-${member.id}-proposes`} className="text-sm text-slate-600">
              Shown on the site: your change waits for a lawyer&apos;s sign-off.
            </p>
          ) : null}
          <Button type="submit" disabled={saving} aria-describedby={proposes ? `member-${member.id}-proposes` : undefined}>
            {saving ? "Saving…" : proposes ? "Propose change" : "Save Changes"}
          </Button>
        </div>
      </div>
    </form>
  );
}
