/**
 * Live updates on the pages React does not hydrate (decisions 0013, 0041), part of their page
 * script (./page-script.ts). Such a page names the data version it was rendered with
 * (`<meta name="live-version">`); when staff save a text, member or post, or the event stream
 * names another version, the page fetches itself again and brings its body up to date in place,
 * keeping the scroll position, the focus and any open menu.
 */

/** Bring `live` up to date with `next` (an element of the same name), reusing every node it can. */
function morph(live: Element, next: Element): void {
  // A script stays as it is: it has run (or never will), and the browser hides its nonce.
  if (live.tagName === "SCRIPT") return;
  for (const { name } of [...live.attributes]) {
    if (!next.hasAttribute(name) && !(name === "open" && live.tagName === "DETAILS")) live.removeAttribute(name);
  }
  for (const { name, value } of [...next.attributes]) {
    if (name !== "open" && live.getAttribute(name) !== value) live.setAttribute(name, value);
  }
  const current = [...live.childNodes];
  const wanted = [...next.childNodes];
  wanted.forEach((node, index) => {
    const old = current[index];
    if (!old) live.append(node);
    else if (old.nodeType !== node.nodeType || old.nodeName !== node.nodeName) old.replaceWith(node);
    else if (node instanceof Element) morph(old as Element, node);
    else if (old.nodeValue !== node.nodeValue) old.nodeValue = node.nodeValue;
  });
  for (const extra of current.slice(wanted.length)) extra.remove();
}

const versionMeta = document.querySelector<HTMLMetaElement>('meta[name="live-version"]');
if (versionMeta && typeof EventSource === "function") {
  let version = versionMeta.content;
  let source: EventSource | null = null;
  let running = false;
  let again = false;

  const refresh = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      // The page cache was emptied by the same change, so this is the page as it is now.
      const response = await fetch(location.href, { cache: "no-cache", headers: { Accept: "text/html" } });
      // An error page is no newer content: keep what is shown.
      if (!response.ok) return;
      const next = new DOMParser().parseFromString(await response.text(), "text/html");
      const { scrollX, scrollY } = window;
      document.title = next.title;
      morph(document.body, next.body);
      // At once: the stylesheet asks for smooth scrolling, which would show as a jump back.
      scrollTo({ left: scrollX, top: scrollY, behavior: "instant" });
      version = next.querySelector<HTMLMetaElement>('meta[name="live-version"]')?.content ?? version;
    } catch {
      // Offline for a moment: the next change or reconnection tries again.
    } finally {
      running = false;
      if (again) {
        again = false;
        void refresh();
      }
    }
  };

  const connect = () => {
    source?.close();
    source = new EventSource("/events");
    // The stream opens with the server's data version: a change made while this page was on its
    // way (or in the back-forward cache) shows as a different one.
    source.addEventListener("version", (event) => {
      if ((event as MessageEvent<string>).data !== version) void refresh();
    });
    source.addEventListener("change", () => void refresh());
  };

  // A page prerendered for a link the visitor may follow listens only once it is shown.
  if ((document as Document & { prerendering?: boolean }).prerendering) document.addEventListener("prerenderingchange", connect, { once: true });
  else connect();
  addEventListener("pagehide", () => {
    source?.close();
    source = null;
  });
  addEventListener("pageshow", (event) => {
    if (event.persisted) connect();
  });
}

// A module of its own (its names stay in it).
export {};
