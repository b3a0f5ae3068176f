// One GET whose body stays as the server encoded it (fetch() would decode it), for the load
// benchmark and the tests that read compressed bytes (tests/helpers/raw-http.ts gives it types).
import { get } from "node:http";

/** @returns {Promise<{ headers: import("node:http").IncomingHttpHeaders, body: Buffer }>} */
export function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}
