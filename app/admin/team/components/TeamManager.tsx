import { useCallback, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Plus } from "lucide-react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { TeamMemberView } from "~/team/schema";
import { MemberCard } from "./MemberCard";
import type { TeamActionResult } from "~/admin/team/actions.server";
import { useFetcherResult } from "~/admin/kit/hooks";
import { AdminTab } from "~/admin/kit/AdminTab";
import type { LawyerEditorData } from "./LawyerSettings";

/** The Team Management tab: every member (active or not) by order, each collapsible. */
export function TeamManager({ members, booking }: { members: TeamMemberView[]; booking: LawyerEditorData | null }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const [justAdded, setJustAdded] = useState<number | null>(null);
  const addFetcher = useFetcher<TeamActionResult>();
  const deleteFetcher = useFetcher<TeamActionResult>();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useFetcherResult(addFetcher, (result) => {
    if (result.ok && result.intent === "add") {
      toast.success("Team member added");
      setOpen((prev) => new Set(prev).add(result.id));
      setJustAdded(result.id);
    } else if (!result.ok) {
      toast.error("Failed to add member", { description: result.reason });
    }
  });

  useFetcherResult(deleteFetcher, (result) => {
    if (result.ok) {
      toast.success("Team member deleted");
      // The deleted member's controls are gone; continue from the list's heading.
      headingRef.current?.focus();
    } else {
      toast.error("Failed to delete member", { description: result.reason });
    }
  });

  const onOpenChange = useCallback((id: number, next: boolean) => {
    setOpen((prev) => {
      const copy = new Set(prev);
      if (next) copy.add(id);
      else copy.delete(id);
      return copy;
    });
  }, []);

  const deleteSubmit = deleteFetcher.submit;
  const onDelete = useCallback((id: number) => void deleteSubmit({ intent: "delete", id: String(id) }, { method: "post" }), [deleteSubmit]);
  const deletingId = deleteFetcher.state !== "idle" ? Number(deleteFetcher.formData?.get("id")) : null;

  const activeCount = members.filter((m) => m.active).length;
  const adding = addFetcher.state !== "idle";

  return (
    <AdminTab
      id="team-tab-title"
      headingRef={headingRef}
      title="Team Management"
      description={`${members.length} ${members.length === 1 ? "member" : "members"}, ${activeCount} shown on the public Team page.`}
      actions={
        <Button onClick={() => void addFetcher.submit({ intent: "add" }, { method: "post" })} disabled={adding}>
          <Plus className="size-4" aria-hidden="true" />
          {adding ? "Adding…" : "Add Team Member"}
        </Button>
      }
    >
      {members.length === 0 ? (
        <Card className="p-6 text-center text-slate-700">No team members yet. Add the first one with Add Team Member.</Card>
      ) : (
        <ul className="flex flex-col gap-3">
          {members.map((member) => (
            <MemberCard
              key={member.id}
              member={member}
              booking={booking}
              open={open.has(member.id)}
              onOpenChange={onOpenChange}
              focusName={justAdded === member.id}
              onDelete={onDelete}
              deleting={deletingId === member.id}
            />
          ))}
        </ul>
      )}
    </AdminTab>
  );
}
