import { useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { ImageOff } from "lucide-react";
import { toast } from "sonner";
import { MAX_UPLOAD_BYTES, TOO_LARGE } from "../../../../core/upload-limit";
import { Label } from "~/components/ui/field";
import type { PhotoKind } from "~/team/schema";
import type { TeamActionResult } from "~/admin/team/actions.server";
import { useFetcherResult } from "~/admin/kit/hooks";

/** Same limit as the server's image pipeline; checked here too so nothing large is sent. */

const TITLES: Record<PhotoKind, string> = { color: "Colour photo", bw: "Black-and-white photo" };

interface PhotoUploadProps {
  memberId: number;
  memberName: string;
  kind: PhotoKind;
  /** A small stored width of the current photo. */
  thumb: string | null;
}

/** Uploads on selection; the server checks the bytes really are an image and re-encodes them. */
export function PhotoUpload({ memberId, memberName, kind, thumb }: PhotoUploadProps) {
  const fetcher = useFetcher<TeamActionResult>();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";

  const fail = (reason: string) => {
    setError(reason);
    toast.error("Failed to upload photo", { description: reason });
    if (input.current) input.current.value = "";
  };

  useFetcherResult(fetcher, (result) => {
    if (input.current) input.current.value = "";
    if (result.ok) {
      setError(null);
      // Without the sign-off a shown member's photo waits for a lawyer (decision 0087).
      if ("proposed" in result && result.proposed) toast.success("Photo proposed for sign-off", { description: `${TITLES[kind]} uploaded: visitors see it once a lawyer publishes the change in the member's History.` });
      else toast.success("Team member updated", { description: `${TITLES[kind]} uploaded.` });
    } else {
      fail(result.reason);
    }
  });

  const onChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) {
      fail(TOO_LARGE);
      return;
    }
    const form = new FormData();
    form.set("intent", "photo");
    form.set("id", String(memberId));
    form.set("kind", kind);
    form.set("photo", file);
    void fetcher.submit(form, { method: "post", encType: "multipart/form-data" });
  };

  return (
    <div>
      <Label htmlFor={id}>{TITLES[kind]}</Label>
      <div className="flex items-center gap-3">
        {thumb ? (
          <img
            src={thumb}
            alt={`Current ${TITLES[kind].toLowerCase()} of ${memberName}`}
            width={64}
            height={64}
            className="size-16 shrink-0 rounded-md bg-slate-100 object-cover"
          />
        ) : (
          <span className="flex size-16 shrink-0 flex-col items-center justify-center rounded-md bg-slate-100 text-center text-[0.65rem] leading-tight text-slate-700">
            <ImageOff className="size-4" aria-hidden="true" />
            No photo
          </span>
        )}
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/*"
          onChange={onChange}
          disabled={busy}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          aria-invalid={error ? true : undefined}
          className="block w-full min-w-0 text-sm text-slate-700 file:me-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50"
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        JPEG, PNG, WebP, AVIF, GIF, HEIF or TIFF, up to 8 MB.{kind === "bw" ? " Stored in black and white." : ""}
      </p>
      {busy ? (
        <p role="status" className="mt-1 text-sm text-slate-700">
          Uploading…
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
