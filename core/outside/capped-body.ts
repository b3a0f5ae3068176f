/** An outside service's answer is at most this (a batch of 50 texts is well under it; decision 0052). */
export const MAX_ANSWER_BYTES = 2 * 1024 * 1024;
/** An image from outside (an AI image, a downloaded featured image) is at most this. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/** A cap as a person reads it in a message: "2 MB", "512 KB". */
export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * A size cap on an outside service's answer (decision 0052): the same Response, whose body errors
 * with the caller's error once more than maxBytes have arrived, so `json()`/`text()` reject with
 * it and the connection is dropped; nothing past the cap is held. A declared Content-Length over
 * the cap fails the first read without reading anything.
 */
export function capResponse(response: Response, maxBytes: number, tooLarge: () => Error): Response {
  if (!response.body || [101, 204, 205, 304].includes(response.status)) return response;
  const declared = Number(response.headers.get("content-length"));
  // A body that is decompressed may differ from its Content-Length; only a plain one is refused early.
  const plain = !response.headers.get("content-encoding") || response.headers.get("content-encoding") === "identity";
  let body: ReadableStream<Uint8Array>;
  if (plain && Number.isFinite(declared) && declared > maxBytes) {
    void response.body.cancel().catch(() => {});
    body = new ReadableStream({ start: (controller) => controller.error(tooLarge()) });
  } else {
    let total = 0;
    body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          total += chunk.byteLength;
          // Erroring the stream cancels the source: the rest of the answer is never read.
          if (total > maxBytes) controller.error(tooLarge());
          else controller.enqueue(chunk);
        },
      }),
    );
  }
  const capped = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  // The SDK reads response.url (for its messages); a new Response has none of its own.
  Object.defineProperty(capped, "url", { value: response.url });
  return capped;
}
