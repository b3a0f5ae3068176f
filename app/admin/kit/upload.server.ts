import { FormDataParseError, MaxFileSizeExceededError, MaxTotalSizeExceededError, MultipartParseError, parseFormData } from "@remix-run/form-data-parser";
import { MAX_UPLOAD_BYTES, TOO_LARGE } from "../../../core/media";
import { UPLOAD_BODY_LIMIT } from "../../../core/upload-limit";
import { assertCleanForm, parseForm } from "../../form-data.server";
import { AdminError } from "../../changes/errors.server";
import { defineMessages, refusal, type MessageKey } from "../../changes/refusal";

export { UPLOAD_BODY_LIMIT };

/** The upload's refusals (decision 0101); "too large" is the image store's own sentence. */
export const UPLOAD_MESSAGES = defineMessages("admin.upload", {
  notMultipart: "Send the image as multipart/form-data.",
  tooLarge: TOO_LARGE,
  chooseFile: "Choose an image file to upload.",
  unreadable: "The upload could not be read. Please choose the file again.",
});
const M = UPLOAD_MESSAGES;

/** An upload refused before any image work: too large, not multipart (an unsupported type) or unreadable (invalid). */
export class UploadRefused extends AdminError {
  constructor(kind: "invalid" | "too-large" | "unsupported-type", key: MessageKey) {
    super(refusal(kind, key));
  }
}

const MULTIPART = /^multipart\/form-data\s*;/i;

/** How much more of a refused body is read and thrown away before the connection is cut. */
const DISCARD_MAX_BYTES = 4 * UPLOAD_BODY_LIMIT;
const DISCARD_MAX_MS = 30_000;

/**
 * Read and drop the rest of a refused body in the background (as servers linger on close), so the
 * refusal reaches a sender that streams its body; an endless or slow body is cut off at the caps.
 * It starts after the refusal is answered: what was read to decide stays within the limit.
 */
function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): void {
  let discarded = 0;
  // A slow sender is cut off by the timer; cancelling ends the pending read below.
  const timer = setTimeout(() => void reader.cancel().catch(() => {}), DISCARD_MAX_MS);
  timer.unref();
  setImmediate(async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        discarded += value.byteLength;
        if (discarded > DISCARD_MAX_BYTES) {
          await reader.cancel();
          break;
        }
      }
    } catch {
      // The sender went away: nothing left to drop.
    } finally {
      clearTimeout(timer);
    }
  });
}

/**
 * The request's body as the parser reads it, counted. When the parser stops early, the rest is
 * not reset: it is measured against the limit (`overLimit`) or discarded (`discardRest`).
 */
function countedBody(request: Request) {
  const source = request.body!.getReader();
  let total = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await source.read();
      if (done) return controller.close();
      total += value.byteLength;
      controller.enqueue(value);
    },
    cancel() {
      // The parser gave up; what happens to the rest is decided by the caller.
    },
  });
  return {
    stream,
    /** Read on, dropping, until the body ends (false) or passes `limit` bytes in all (true). */
    async overLimit(limit: number): Promise<boolean> {
      while (total <= limit) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await source.read();
        } catch {
          // The body broke off (the sender went away, or the body limit at the door cut it):
          // unreadable, not too large.
          return false;
        }
        if (chunk.done) return false;
        total += chunk.value.byteLength;
      }
      return true;
    },
    discardRest: () => discardRest(source),
  };
}

/**
 * The one way an admin form with an image is read (the blog's image upload and the team's photos):
 * streamed by a multipart parser that stops at the limit, so no more than 8 MB of file (and the
 * form around it) is ever held. Too large is 413 with the one message, whether the body declared
 * its length or streamed it; a body that is not multipart is 415, a broken one 400.
 */
export async function readUploadForm(request: Request): Promise<FormData> {
  if (!MULTIPART.test(request.headers.get("Content-Type") ?? "")) {
    throw new UploadRefused("unsupported-type", M.notMultipart);
  }
  const declared = request.headers.get("Content-Length");
  if (declared !== null && Number(declared) > UPLOAD_BODY_LIMIT) {
    if (request.body) discardRest(request.body.getReader());
    throw new UploadRefused("too-large", M.tooLarge);
  }
  if (!request.body) throw new UploadRefused("invalid", M.chooseFile);
  const body = countedBody(request);
  const streamed = new Request(request.url, { method: request.method, headers: request.headers, body: body.stream, duplex: "half" } as RequestInit);
  let form: FormData;
  try {
    form = await parseFormData(streamed, { maxFileSize: MAX_UPLOAD_BYTES, maxTotalSize: UPLOAD_BODY_LIMIT, maxFiles: 1 });
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      body.discardRest();
      throw new UploadRefused("too-large", M.tooLarge);
    }
    if (!(error instanceof FormDataParseError || error instanceof MultipartParseError)) throw error;
    // Size is checked before shape, as for a declared length: a broken body over the limit is
    // 'too large' too, and no more than the limit of it is read to tell.
    if (await body.overLimit(UPLOAD_BODY_LIMIT)) {
      body.discardRest();
      throw new UploadRefused("too-large", M.tooLarge);
    }
    throw new UploadRefused("invalid", M.unreadable);
  }
  return assertCleanForm(form);
}

export const isMultipart = (request: Request) => MULTIPART.test(request.headers.get("Content-Type") ?? "");

/** An admin action's form: with an image when it is multipart, else an ordinary form. */
export function readAdminForm(request: Request): Promise<FormData> {
  return isMultipart(request) ? readUploadForm(request) : parseForm(request);
}

