/**
 * Listens to a site's live-update stream (/events) until `until` has arrived or the stream ends:
 * `heard` resolves to the text received by then; `stop` hangs up.
 */
export async function listenToEvents(siteUrl: string, until: string): Promise<{ heard: Promise<string>; stop(): void }> {
  const controller = new AbortController();
  const response = await fetch(`${siteUrl}/events`, { signal: controller.signal });
  const reader = response.body!.getReader();
  const heard = (async () => {
    let text = "";
    while (!text.includes(until)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    return text;
  })();
  return { heard, stop: () => controller.abort() };
}
