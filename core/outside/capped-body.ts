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
