// @ts-expect-error: a plain JavaScript module shared with the load benchmark
import { rawGet as untypedRawGet } from "../../scripts/bench/raw-get.mjs";

export interface RawResponse {
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET whose body stays as the server encoded it (fetch would decode it). */
export const rawGet: (url: string, headers: Record<string, string>) => Promise<RawResponse> = untypedRawGet;
