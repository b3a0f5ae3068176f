import { assertCleanForm, BadForm } from "../../form-data.server";
import { MAX_UPLOAD_BYTES } from "../../../server/media";
import { readBodyWithLimit, UploadRefused } from "../blog/media-upload.server";

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
  let body: Buffer;
  try {
    body = await readBodyWithLimit(request, limit + FORM_OVERHEAD_BYTES);
  } catch (error) {
    if (error instanceof UploadRefused) throw new UploadTooLarge();
    throw error;
  }
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
  } catch {
    throw new BadForm(400, "The upload could not be read. Please choose the file again.");
  }
  return assertCleanForm(form);
}
