import { Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { InboxSubscriber } from "~/newsletter/subscriber-list.server";
import { LANGUAGE_NAMES } from "~/i18n/language-names";
import { AdminTable } from "~/admin/kit/AdminTable";

const COLUMNS = ["Email", "Language", "Subscribed", "Status"] as const;

interface Props {
  items: InboxSubscriber[];
  removingId: number | null;
  onRemove: (id: number) => void;
}

/** The newsletter list: address, the site language they subscribed from, when, and whether they confirmed. */
export function SubscriberTable({ items, removingId, onRemove }: Props) {
  return (
    <AdminTable columns={COLUMNS}>
      {items.map((item) => (
        <tr key={item.id} className={removingId === item.id ? "opacity-50" : ""}>
          <td className="px-4 py-2 break-all">
            <bdi dir="ltr">{item.email}</bdi>
          </td>
          <td className="px-4 py-2">{LANGUAGE_NAMES[item.language as keyof typeof LANGUAGE_NAMES] ?? item.language}</td>
          <td className="px-4 py-2 whitespace-nowrap">
            <time dateTime={item.subscribedAt}>{item.subscribedLabel}</time>
          </td>
          <td className="px-4 py-2">
            {item.bouncingLabel ? (
              <span className="inline-flex flex-wrap items-center gap-x-2">
                <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">Bouncing: not mailed</span>
                <span className="whitespace-nowrap text-slate-600">since {item.bouncingLabel}</span>
              </span>
            ) : item.confirmedAt ? (
              <span className="inline-flex flex-wrap items-center gap-x-2">
                <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">Confirmed</span>
                <time dateTime={item.confirmedAt} className="whitespace-nowrap text-slate-600">
                  {item.confirmedLabel}
                </time>
              </span>
            ) : (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Awaiting confirmation</span>
            )}
          </td>
          <td className="px-4 py-2 text-end">
            <ConfirmDialog
              trigger={
                <Button variant="ghost" size="sm" disabled={removingId === item.id}>
                  <Trash2 aria-hidden className="size-4" />
                  Remove<span className="sr-only"> {item.email}</span>
                </Button>
              }
              title="Remove subscriber"
              description={`Remove ${item.email} from the newsletter list? This cannot be undone.`}
              confirmLabel="Remove"
              onConfirm={() => onRemove(item.id)}
            />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
