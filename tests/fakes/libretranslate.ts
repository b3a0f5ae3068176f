import { fakeTranslate, sendJson, startScriptedFake, type ScriptedFake } from "./http";

/**
 * A stand-in for a LibreTranslate server on 127.0.0.1: GET /languages and POST /translate with
 * q (a text or a list), source, target, format ("text" or "html") and api_key, answering
 * {"translatedText": ...} (a list when q is a list), errors as {"error": ...}.
 *
 *   const libre = await startFakeLibre({ chineseCode: "zh" });   // "zh-Hans" (default), or null: none
 *   env LIBRETRANSLATE_URL = libre.url, TRANSLATE_PROVIDER = libretranslate
 *   libre.script(...faults)      // the next /translate requests, one fault each (HttpFault); setLatency(ms)
 *   libre.calls                  // every request: { path, params }
 *   libre.languageCalls()        // how many times /languages was asked
 *   libre.reset(); await libre.close();
 *   From another process: POST {url}/__script {"faults": [...]}, /__latency, /__reset, GET /__calls.
 *
 * options.apiKey makes api_key required (403 otherwise). A "translation" is "fa: " or "zh: "
 * and every Latin word in capitals (fakeTranslate); with format html only text between tags.
 */

export interface FakeLibre extends ScriptedFake<{ path: string; params: Record<string, unknown> }> {
  languageCalls(): number;
}

export async function startFakeLibre({
  chineseCode = "zh-Hans",
  apiKey,
}: { chineseCode?: "zh" | "zh-Hans" | null; apiKey?: string } = {}): Promise<FakeLibre> {
  const codes = ["en", "fa", ...(chineseCode ? [chineseCode] : [])];
  const fake = await startScriptedFake(
    (_req, path, params) => ({ path, params }),
    async (req, res, { path, params, fault }) => {
      if (req.method === "GET" && path === "/languages") {
        return sendJson(
          res,
          200,
          codes.map((code) => ({ code, name: { en: "English", fa: "Persian", zh: "Chinese", "zh-Hans": "Chinese (Simplified)" }[code], targets: codes.filter((c) => c !== code) })),
        );
      }
      if (req.method !== "POST" || path !== "/translate") return sendJson(res, 404, { error: "Not Found" });
      if (await fault()) return;
      if (apiKey && params.api_key !== apiKey) {
        return sendJson(res, 403, { error: "Invalid API key" });
      }
      const target = String(params.target ?? "");
      if (!codes.includes(target)) return sendJson(res, 400, { error: `${target} is not supported` });
      if (params.source !== "en") return sendJson(res, 400, { error: `${String(params.source)} is not supported` });
      const html = params.format === "html";
      const q = params.q;
      if (Array.isArray(q)) return sendJson(res, 200, { translatedText: q.map((text) => fakeTranslate(String(text), target, html)) });
      if (typeof q !== "string") return sendJson(res, 400, { error: "Invalid request: missing q parameter" });
      sendJson(res, 200, { translatedText: fakeTranslate(q, target, html) });
    },
  );
  return { ...fake, languageCalls: () => fake.calls.filter((c) => c.path === "/languages").length };
}
