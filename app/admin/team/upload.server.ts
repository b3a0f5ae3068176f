import { MAX_UPLOAD_BYTES } from "../../../server/media";

/** Room for the multipart boundaries and the small text fields next to the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export class UploadTooLarge extends Error {
  constructor() {
    super("The image is larger than 8 MB.");
  }
}

/**
 * Parse a multipart upload without ever holding more than 8 MB (plus form overhead): a
 * declared Content-Length over the limit is refused before reading, and a body without
 * one is cut off as soon as it passes the limit.
 */
export async function readUploadForm(request: Request, limit = MAX_UPLOAD_BYTES): Promise<FormData> {
  const ceiling = limit + FORM_OVERHEAD_BYTES;
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > ceiling) throw new UploadTooLarge();
  if (!request.body) return new FormData();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > ceiling) {
      await reader.cancel().catch(() => {});
      throw new UploadTooLarge();
    }
    chunks.push(value);
  }
  const body = Buffer.concat(chunks);
  return new Response(body, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
}
