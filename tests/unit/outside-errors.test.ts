import { describe, expect, it } from "vitest";
import { describeOutsideError, OutsideServiceError } from "../../core/outside/errors";
import { classifyGraphError, GraphError } from "../../core/outside/graph";

/** Decision 0059: an outside failure is data; the sentence staff read is made in one place. */
describe("describeOutsideError", () => {
  const throttled = () => classifyGraphError(403, { code: 4, message: "Application request limit reached" });

  it("keeps the failure as data: service, kind, code, retryable, the provider's message", () => {
    expect(throttled()).toMatchObject({ service: "graph", kind: "rate-limited", code: 4, retryable: true, retryAfterMs: 300_000, providerMessage: "Application request limit reached" });
    expect(throttled().detail).not.toMatch(/tried again/i);
  });

  for (const code of [4, 32, 613]) {
    it(`Graph ${code} on the last attempt reads as one sentence, not 'tried again automatically'`, () => {
      const text = describeOutsideError(classifyGraphError(403, { code }), { willRetry: false, attempt: 8, maxAttempts: 8 });
      expect(text).toBe("Instagram is limiting how many requests this app makes. Tried 8 times; press Post to try again.");
    });
  }

  it("says when the next attempt runs while one follows", () => {
    const now = Date.parse("2026-11-26T06:00:00Z");
    expect(describeOutsideError(throttled(), { willRetry: true, retryAt: new Date(now + 5 * 60_000), now })).toBe(
      "Instagram is limiting how many requests this app makes. The post will be tried again automatically in 5 min.",
    );
  });

  it("words a transient error with the provider's text once, with the retry clause last", () => {
    const error = classifyGraphError(500, { code: 2, message: "Please retry your request later." });
    expect(describeOutsideError(error, { willRetry: false, maxAttempts: 3 })).toBe('Instagram had a temporary problem. Instagram said: "Please retry your request later." Tried 3 times; press Post to try again.');
  });

  it("leaves a permanent failure as its detail", () => {
    const refused = new GraphError("permanent", "Instagram refused the post.");
    expect(describeOutsideError(refused, { willRetry: false, maxAttempts: 8 })).toBe("Instagram refused the post.");
    expect(describeOutsideError(new OutsideServiceError("deepl", "auth", "DeepL refused the key (403). Check DEEPL_API_KEY."), { willRetry: false })).toBe(
      "DeepL refused the key (403). Check DEEPL_API_KEY.",
    );
  });
});
