import { createServer, type Server } from "node:http";

/**
 * A stand-in for a Jitsi server on loopback: /external_api.js defines a small
 * window.JitsiMeetExternalAPI that records what the page asked for, so tests can check
 * the options, the number of script loads and the teardown without a real meeting.
 *
 * In the page:
 *   window.__jitsi = { loads, instances: [{ domain, options, disposed }], disposed }
 *     (options without parentNode, which cannot be cloned; disposed counts dispose() calls)
 *   window.__jitsiFire(event, ...args) calls the listeners of the newest instance.
 * On the server: GET /__loads answers {"loads": n} (script downloads since start or reset),
 * POST /__reset sets it back to 0.
 */
const EXTERNAL_API_JS = String.raw`(function () {
  var state = window.__jitsi || (window.__jitsi = { loads: 0, instances: [], disposed: 0 });
  state.loads += 1;
  var live = [];
  function JitsiMeetExternalAPI(domain, options) {
    var copy = {};
    for (var key in options) if (key !== "parentNode") copy[key] = options[key];
    copy = JSON.parse(JSON.stringify(copy));
    var record = { domain: domain, options: copy, disposed: false, parentIsElement: options.parentNode instanceof HTMLElement };
    state.instances.push(record);
    this._record = record;
    this._listeners = {};
    var frame = document.createElement("iframe");
    frame.src = location.protocol + "//" + domain + "/meeting/" + encodeURIComponent(options.roomName);
    frame.title = "Fake Jitsi meeting";
    frame.name = "fake-jitsi";
    frame.allow = "camera; microphone; display-capture";
    frame.style.width = typeof options.width === "number" ? options.width + "px" : options.width;
    frame.style.height = typeof options.height === "number" ? options.height + "px" : options.height;
    frame.style.border = "0";
    options.parentNode.appendChild(frame);
    this._frame = frame;
    live.push(this);
  }
  JitsiMeetExternalAPI.prototype.addListener = function (event, fn) {
    (this._listeners[event] = this._listeners[event] || []).push(fn);
  };
  JitsiMeetExternalAPI.prototype.addEventListener = JitsiMeetExternalAPI.prototype.addListener;
  JitsiMeetExternalAPI.prototype.dispose = function () {
    state.disposed += 1;
    this._record.disposed = true;
    if (this._frame && this._frame.parentNode) this._frame.parentNode.removeChild(this._frame);
    this._frame = null;
    var index = live.indexOf(this);
    if (index >= 0) live.splice(index, 1);
  };
  window.__jitsiFire = function (event) {
    var args = Array.prototype.slice.call(arguments, 1);
    var api = live[live.length - 1];
    if (!api) return false;
    (api._listeners[event] || []).slice().forEach(function (fn) { fn.apply(null, args); });
    return true;
  };
  window.JitsiMeetExternalAPI = JitsiMeetExternalAPI;
})();
`;

export interface FakeJitsi {
  /** http://127.0.0.1:{port}, usable as MEET_HOST. */
  url: string;
  loads(): number;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeJitsi(): Promise<FakeJitsi> {
  let loads = 0;
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (req.method === "GET" && path === "/external_api.js") {
      loads += 1;
      // The real script is cacheable; the fake must not be, or a second page load would hide a second fetch.
      res.writeHead(200, { "Content-Type": "application/javascript; charset=utf-8", "Cache-Control": "no-store" });
      res.end(EXTERNAL_API_JS);
    } else if (req.method === "GET" && path.startsWith("/meeting/")) {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><html lang="en"><title>Fake meeting</title><p>Fake meeting ${escapeHtml(decodeURIComponent(path.slice(9)))}</p></html>`);
    } else if (req.method === "GET" && path === "/__loads") {
      res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store", "Access-Control-Allow-Origin": "*" });
      res.end(JSON.stringify({ loads }));
    } else if (req.method === "POST" && path === "/__reset") {
      loads = 0;
      res.writeHead(204).end();
    } else {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    loads: () => loads,
    reset: () => {
      loads = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
