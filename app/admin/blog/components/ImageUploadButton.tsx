import { Loader2, Upload } from "lucide-react";
import { MAX_UPLOAD_BYTES, TOO_LARGE } from "../../../../core/upload-limit";
import { useId, useState } from "react";
import { toast } from "sonner";
import { buttonClass } from "~/components/ui/button";


export interface UploadedImage {
  url: string;
  width: number;
  height: number;
}

interface Props {
  label?: string;
  /** Called with the stored image's /media/... URL. */
  onUploaded: (image: UploadedImage) => void;
  /** Called with the reason an upload was refused, or null when a new upload starts. */
  onError: (message: string | null) => void;
  describedBy?: string;
}

async function upload(file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.set("file", file);
  let response: Response;
  try {
    response = await fetch("/admin/media", { method: "POST", body, headers: { Accept: "application/json" } });
  } catch {
    throw new Error("The upload did not reach the server. Check the connection and try again.");
  }
  const answer = (await response.json().catch(() => null)) as Partial<UploadedImage> & { error?: string } | null;
  if (!response.ok || !answer?.url) {
    if (response.status === 401) throw new Error("Your session has ended. Please sign in again.");
    throw new Error(answer?.error ?? `The upload failed (HTTP ${response.status}).`);
  }
  return { url: answer.url, width: Number(answer.width), height: Number(answer.height) };
}

/**
 * A file picker styled as a button. The server checks the content and re-encodes it; the
 * size check here only spares a long upload that would be refused anyway.
 */
export function ImageUploadButton({ label = "Upload image", onUploaded, onError, describedBy }: Props) {
  const id = useId();
  const [busy, setBusy] = useState(false);

  async function onChange(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    onError(null);
    if (file.size > MAX_UPLOAD_BYTES) {
      const message = TOO_LARGE;
      onError(message);
      toast.error("Failed to upload image", { description: message });
      return;
    }
    setBusy(true);
    try {
      const image = await upload(file);
      onUploaded(image);
      toast.success("Image uploaded", { description: "Save the post to keep it." });
    } catch (error) {
      const message = error instanceof Error ? error.message : "The upload failed.";
      onError(message);
      toast.error("Failed to upload image", { description: message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <label
      htmlFor={id}
      className={buttonClass("secondary", "md", `cursor-pointer has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-gold-400 has-[input:focus-visible]:outline-solid ${busy ? "pointer-events-none opacity-70" : ""}`)}
    >
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif,image/gif,image/heic,image/heif,image/tiff"
        className="sr-only"
        disabled={busy}
        aria-describedby={describedBy}
        onChange={onChange}
      />
      {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Upload aria-hidden className="size-4" />}
      {busy ? "Uploading…" : label}
    </label>
  );
}
