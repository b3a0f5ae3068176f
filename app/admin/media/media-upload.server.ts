import { storeImage, type StoredImage } from "../../../core/media";
import type { AdminUser } from "../../auth/guard.server";
import { auditFrom } from "../../changes/audit.server";
import { commit, NO_EVENTS, type ChangeDeps } from "../../changes/commit.server";
import { describeFailure } from "../../changes/errors.server";
import { readUploadForm, UPLOAD_MESSAGES, UploadRefused } from "../kit/upload.server";

/** The uploaded file of a multipart body (field `file`), as bytes. */
export async function readUploadedFile(request: Request): Promise<{ bytes: Buffer; greyscale: boolean }> {
  const form = await readUploadForm(request);
  const file = form.get("file");
  if (!file || typeof file === "string") throw new UploadRefused("invalid", UPLOAD_MESSAGES.chooseFile);
  // The team's black-and-white portrait is the same upload converted to greyscale.
  const greyscale = form.get("variant") === "bw";
  return { bytes: Buffer.from(await file.arrayBuffer()), greyscale };
}

export type UploadResult = { ok: true; image: StoredImage } | { ok: false; status: 400 | 413 | 415; error: string };

/** Check, re-encode and store one uploaded image; a refusal says why and stores nothing. */
export async function handleImageUpload(services: Pick<ChangeDeps, "db">, user: AdminUser, request: Request): Promise<UploadResult> {
  try {
    const { bytes, greyscale } = await readUploadedFile(request);
    // The image work runs before, and outside, the transaction that records it.
    const image = await storeImage(services.db, bytes, { createdBy: user.id, greyscale });
    await commit({ db: services.db, events: NO_EVENTS }, async () => ({
      result: image,
      audit: {
        ...auditFrom(user),
        action: "create",
        entity: "media",
        entityId: image.id,
        details: { width: image.width, height: image.height, bytes: bytes.byteLength, greyscale },
      },
    }));
    return { ok: true, image };
  } catch (error) {
    const refused = describeFailure(error);
    if (refused) return { ok: false, status: refused.status as 400 | 413 | 415, error: refused.reason };
    throw error;
  }
}
