import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { useResultToast } from "./hooks";
import type { Failure } from "./result";

/**
 * "Became a client" on a message or a booking (decision 0092): a marked record is kept past the
 * retention period. A plain form: the tab's action (intent "client") checks the permission.
 */
export function ClientToggle({ id, client, who, what }: { id: number; client: boolean; who: string; what: "message" | "booking" }) {
  const fetcher = useFetcher<({ ok: true; intent: string; client?: boolean }) | Failure>({ key: `client-${what}-${id}` });
  const pending = fetcher.formData?.get("client");
  const marked = typeof pending === "string" ? pending === "true" : client;
  useResultToast(fetcher, (answer) => [answer.client ? "Marked as a client" : "No longer marked as a client"]);
  return (
    <fetcher.Form method="post" className="inline-flex items-center gap-2">
      <input type="hidden" name="intent" value="client" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="client" value={marked ? "false" : "true"} />
      {marked ? <span className="text-sm font-semibold text-green-800">Client: kept past the retention period</span> : null}
      <Button type="submit" variant="secondary" size="sm" disabled={fetcher.state !== "idle"}>
        {marked ? "Not a client" : "Mark as client"}
        <span className="sr-only">
          {" "}
          ({what} of {who})
        </span>
      </Button>
    </fetcher.Form>
  );
}
