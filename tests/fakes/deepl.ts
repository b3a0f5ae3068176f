import type { IncomingMessage } from "node:http";
import { fakeTranslate, sendJson, startScriptedFake, type ScriptedFake } from "./http";

/**
 * A stand-in for the DeepL API v2 on 127.0.0.1: POST /v2/translate with
 * "Authorization: DeepL-Auth-Key KEY", JSON or form-encoded, answering
 * {"translations": [{"detected_source_language": "EN", "text": ...}]}.
 *
 *   const deepl = await startFakeDeepl({ apiKey: "key:fx" });
 *   env DEEPL_API_URL = deepl.url, DEEPL_API_KEY = "key:fx", TRANSLATE_PROVIDER = deepl
 *   deepl.script(...faults)     // the next requests, one fault each (see HttpFault in http.ts); setLatency(ms)
 *   deepl.calls                 // every request: { path, params, headers }
 *   deepl.reset(); await deepl.close();
 *   From another process: POST {url}/__script {"faults": [...]}, /__latency, /__reset, GET /__calls.
 *
 * A "translation" is "FA: " or "ZH-HANS: " and every Latin word in capitals (fakeTranslate);
 * with tag_handling=html only the text between tags changes. Like DeepL: a wrong key is 403, an
 * unknown target_lang 400, more than 50 texts 413. Faults to script: 456 (quota), 429 with
 * Retry-After, 500, stalls, hang-ups.
 */

export interface FakeDeeplCall {
  path: string;
  params: Record<string, unknown>;
  headers: IncomingMessage["headers"];
}

export type FakeDeepl = ScriptedFake<FakeDeeplCall>;

const TARGETS = new Set(["FA", "ZH", "ZH-HANS", "ZH-HANT", "DE", "FR", "ES"]);

export async function startFakeDeepl({ apiKey = "test-key:fx" }: { apiKey?: string } = {}): Promise<FakeDeepl> {
  return startScriptedFake(
    (req, path, params): FakeDeeplCall => ({ path, params, headers: req.headers }),
    async (req, res, { path, params, fault }) => {
      if (await fault()) return;
      if (req.headers.authorization !== `DeepL-Auth-Key ${apiKey}`) return sendJson(res, 403, { message: "Forbidden" });
      if (req.method !== "POST" || path !== "/v2/translate") return sendJson(res, 404, { message: "Not found" });
      const texts = ([] as unknown[]).concat(params.text ?? []).map(String);
      const target = String(params.target_lang ?? "").toUpperCase();
      if (texts.length === 0) return sendJson(res, 400, { message: "Parameter 'text' not specified." });
      if (texts.length > 50) return sendJson(res, 413, { message: "Request Entity Too Large" });
      if (!TARGETS.has(target)) return sendJson(res, 400, { message: "Value for 'target_lang' not supported." });
      const html = params.tag_handling === "html";
      sendJson(res, 200, {
        translations: texts.map((text) => ({ detected_source_language: "EN", text: fakeTranslate(text, target, html) })),
      });
    },
  );
}
