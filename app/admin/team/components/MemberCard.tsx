import * as Collapsible from "@radix-ui/react-collapsible";
import { ChevronDown, UserRound } from "lucide-react";
import { memo } from "react";
import { Badge } from "~/components/ui/badge";
import { memberTranslationState, type TeamMemberView } from "~/team/schema";
import { MemberForm } from "./MemberForm";
import { TranslationBadge } from "./TranslationBadge";
import { OutdatedBadge } from "~/admin/kit/OutdatedBadge";
import { LawyerSettings, type LawyerEditorData } from "./LawyerSettings";

interface MemberCardProps {
  member: TeamMemberView;
  /** The booking settings, for whoever may change them (decision 0110). */
  booking: LawyerEditorData | null;
  open: boolean;
  onOpenChange: (id: number, open: boolean) => void;
  focusName: boolean;
  onDelete: (id: number) => void;
  deleting: boolean;
}

/** One member: a header that expands into the member's form (kept mounted and only hidden, so edits survive collapsing). */
export const MemberCard = memo(function MemberCard({ member, booking, open, onOpenChange, focusName, onDelete, deleting }: MemberCardProps) {
  const thumb = member.photoThumb ?? member.photoBwThumb;
  const role = member.texts.role.en.trim();
  return (
    <li>
      <Collapsible.Root
        open={open}
        onOpenChange={(next) => onOpenChange(member.id, next)}
        className="rounded-lg border border-slate-200 bg-white shadow-sm"
      >
        <h3>
          <Collapsible.Trigger className="group flex w-full flex-wrap items-center gap-x-3 gap-y-2 rounded-lg p-3 text-start hover:bg-slate-50">
            {thumb ? (
              <img src={thumb} alt="" width={48} height={48} className="size-12 shrink-0 rounded-full bg-slate-100 object-cover" />
            ) : (
              <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
                <UserRound className="size-6" aria-hidden="true" />
              </span>
            )}
            <span className="min-w-0 flex-1 basis-40">
              <span className="block truncate font-semibold text-slate-900">{member.name}</span>
              <span className={`block truncate text-sm ${role ? "text-slate-700" : "italic text-slate-600"}`}>{role || "No role set"}</span>
            </span>
            <span className="flex flex-wrap items-center gap-2">
              {member.active ? null : <Badge tone="neutral">Inactive</Badge>}
              {booking?.settings[member.id]?.bookable ? <Badge tone="neutral">Bookable</Badge> : null}
              <TranslationBadge state={memberTranslationState(member.texts)} />
              <OutdatedBadge language="fa" since={member.outdated.fa} />
              <OutdatedBadge language="zh" since={member.outdated.zh} />
            </span>
            <ChevronDown className="ms-auto size-5 shrink-0 text-slate-600 transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
          </Collapsible.Trigger>
        </h3>
        <Collapsible.Content forceMount hidden={!open} className="border-t border-slate-100 p-4">
          <MemberForm member={member} focusName={focusName} onDelete={onDelete} deleting={deleting} />
          {booking ? <LawyerSettings memberId={member.id} memberName={member.name} settings={booking.settings[member.id]} accounts={booking.accounts} /> : null}
        </Collapsible.Content>
      </Collapsible.Root>
    </li>
  );
});
