import { get } from "node:http";

export interface RawResponse {
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET whose body stays as the server encoded it (fetch would decode it). */
export function rawGet(url: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}
