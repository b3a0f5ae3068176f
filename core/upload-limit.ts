// The admin's one upload limit and its message, for the server and the browser alike (no imports).

export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;

/** Room for the multipart framing (boundaries, part headers, the small fields next to the file). */
export const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;

/** The one message for an image over the limit, wherever it is refused. */
export const TOO_LARGE = `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`;
