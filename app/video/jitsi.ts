/** The part of Jitsi's IFrame API (external_api.js) this site uses. */
export interface JitsiMeetApi {
  addListener(event: string, listener: (...args: unknown[]) => void): void;
  dispose(): void;
}

export interface JitsiMeetOptions {
  roomName: string;
  parentNode: HTMLElement;
  width: string | number;
  height: string | number;
  userInfo: { displayName: string };
  lang: string;
  configOverwrite: Record<string, unknown>;
  interfaceConfigOverwrite: Record<string, unknown>;
}

export type JitsiMeetExternalApiConstructor = new (domain: string, options: JitsiMeetOptions) => JitsiMeetApi;

declare global {
  interface Window {
    JitsiMeetExternalAPI?: JitsiMeetExternalApiConstructor;
  }
}

let loading: Promise<JitsiMeetExternalApiConstructor> | null = null;

/**
 * Load {origin}/external_api.js once, when the first meeting starts; later joins reuse it.
 * A failed load is forgotten, so the next attempt tries again.
 */
export function loadJitsiApi(origin: string, loadFailedMessage: string): Promise<JitsiMeetExternalApiConstructor> {
  if (window.JitsiMeetExternalAPI) return Promise.resolve(window.JitsiMeetExternalAPI);
  loading ??= new Promise<JitsiMeetExternalApiConstructor>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `${origin}/external_api.js`;
    script.async = true;
    script.onload = () => {
      if (window.JitsiMeetExternalAPI) resolve(window.JitsiMeetExternalAPI);
      else fail();
    };
    const fail = () => {
      script.remove();
      loading = null;
      reject(new Error(loadFailedMessage));
    };
    script.onerror = fail;
    document.head.appendChild(script);
  });
  return loading;
}
