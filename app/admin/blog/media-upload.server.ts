import type { Services } from "../../../server/services";
import { ImageRejected, MAX_UPLOAD_BYTES, storeImage, type StoredImage } from "../../../server/media";
import type { AdminUser } from "../../auth/guard.server";
import { recordAudit } from "../audit.server";

/** Room for the multipart framing (boundaries, part headers, other small fields) around the file. */
export const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;
export const TOO_LARGE_MESSAGE = "The image is larger than 8 MB.";

export class UploadRefused extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415,
  ) {
    super(message);
  }
}

/**
 * The request body, refused as soon as it is known to be too large: by its declared
 * Content-Length before reading anything, else while streaming (a chunked body may not declare it).
 */
export async function readBodyWithLimit(request: Request, limit = UPLOAD_BODY_LIMIT): Promise<Buffer> {
  const declared = request.headers.get("Content-Length");
  if (declared !== null && Number(declared) > limit) throw new UploadRefused(TOO_LARGE_MESSAGE, 413);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      // Nothing more of this body is kept. Ending the connection at once would reset it while
      // the sender is still sending, and the sender would never see the 413 and its message.
      discardRest(reader);
      throw new UploadRefused(TOO_LARGE_MESSAGE, 413);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** How much more of a refused body is read and thrown away before the connection is cut. */
const DISCARD_MAX_BYTES = 4 * UPLOAD_BODY_LIMIT;
const DISCARD_MAX_MS = 30_000;

/**
 * Read and drop the rest of a refused body in the background (as servers linger on close), so the
 * refusal reaches a sender that streams its body; an endless or slow body is cut off at the caps.
 */
function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): void {
  const deadline = Date.now() + DISCARD_MAX_MS;
  let discarded = 0;
  const timer = setTimeout(() => void reader.cancel().catch(() => {}), DISCARD_MAX_MS);
  timer.unref();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        discarded += value.byteLength;
        if (discarded > DISCARD_MAX_BYTES || Date.now() > deadline) {
          await reader.cancel();
          break;
        }
      }
    } catch {
      // The sender went away: nothing left to drop.
    } finally {
      clearTimeout(timer);
    }
  })();
}

/** The uploaded file of a multipart body (field `file`), as bytes. */
export async function readUploadedFile(request: Request): Promise<{ bytes: Buffer; greyscale: boolean }> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new UploadRefused("Send the image as multipart/form-data in the field 'file'.", 415);
  }
  const body = await readBodyWithLimit(request);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "Content-Type": type } }).formData();
  } catch {
    throw new UploadRefused("The upload could not be read. Please choose the file again.", 400);
  }
  const file = form.get("file");
  if (!file || typeof file === "string") throw new UploadRefused("Choose an image file to upload.", 400);
  if (file.size > MAX_UPLOAD_BYTES) throw new UploadRefused(TOO_LARGE_MESSAGE, 413);
  // The team's black-and-white portrait is the same upload converted to greyscale.
  const greyscale = form.get("variant") === "bw";
  return { bytes: Buffer.from(await file.arrayBuffer()), greyscale };
}

export type UploadResult = { ok: true; image: StoredImage } | { ok: false; status: 400 | 413 | 415; error: string };

/** Check, re-encode and store one uploaded image; a refusal says why and stores nothing. */
export async function handleImageUpload(services: Services, user: AdminUser, request: Request): Promise<UploadResult> {
  try {
    const { bytes, greyscale } = await readUploadedFile(request);
    const image = await storeImage(services.db, bytes, { createdBy: user.id, greyscale });
    await recordAudit(services.db, {
      userId: user.id,
      action: "create",
      entity: "media",
      entityId: image.id,
      details: { width: image.width, height: image.height, bytes: bytes.byteLength, greyscale },
    });
    return { ok: true, image };
  } catch (error) {
    if (error instanceof UploadRefused) return { ok: false, status: error.status, error: error.message };
    if (error instanceof ImageRejected) {
      return { ok: false, status: error.message === TOO_LARGE_MESSAGE ? 413 : 400, error: error.message };
    }
    throw error;
  }
}
