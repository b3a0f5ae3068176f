import { createCookieSessionStorage, redirect, type SessionStorage } from "react-router";
import { z } from "zod";

/** A one-time message shown after a redirect (e.g. 'Welcome back!' on the dashboard). */
export interface Toast {
  title: string;
  description?: string;
  type?: "success" | "error" | "info";
}

/** A toast as read back by readToast, with an id that tells one hand-over from the next. */
export interface ReceivedToast extends Toast {
  id: string;
}

const toastSchema = z.object({
  title: z.string().min(1).max(120),
  description: z.string().max(400).optional(),
  type: z.enum(["success", "error", "info"]).optional(),
  id: z.string(),
});

/**
 * The flash cookie, signed by React Router's cookie session storage so that nothing but this
 * server can put words in an admin toast. __Host- keeps subdomains from planting it under https.
 */
let storage: SessionStorage<never, { toast: ReceivedToast }> | null = null;

/** Called once the configuration is known (by getAuth, which every admin request goes through). */
export function configureToastCookie(config: { SESSION_SECRET: string; secureCookies: boolean }) {
  storage = createCookieSessionStorage<never, { toast: ReceivedToast }>({
    cookie: {
      name: config.secureCookies ? "__Host-admin-toast" : "admin-toast",
      // Its own secret derived from the session secret: no other signed value passes for a toast.
      secrets: [`toast:${config.SESSION_SECRET}`],
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: config.secureCookies,
      maxAge: 60,
    },
  });
}

function current() {
  if (!storage) throw new Error("The toast cookie is used before the auth module was configured.");
  return storage;
}

/** The Set-Cookie value that carries a toast to the next page. */
export async function toastCookie(toast: Toast): Promise<string> {
  const store = current();
  const session = await store.getSession();
  session.flash("toast", toastSchema.parse({ ...toast, id: crypto.randomUUID() }));
  return store.commitSession(session);
}

/** Redirect and show a toast on the page redirected to; extra headers (e.g. auth cookies) are kept. */
export async function redirectWithToast(url: string, toast: Toast, init?: ResponseInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(url, { ...init, headers });
}

/**
 * The toast waiting for this request, if any, and the headers that clear it (so it shows once).
 * Return both from the loader: `data({ ..., toast }, { headers })`.
 */
export async function readToast(request: Request): Promise<{ toast: ReceivedToast | null; headers: Headers }> {
  const headers = new Headers();
  const cookie = request.headers.get("Cookie");
  if (!storage || !cookie) return { toast: null, headers };
  // A cookie whose signature does not match reads as an empty session.
  const session = await storage.getSession(cookie);
  if (!session.has("toast")) return { toast: null, headers };
  const parsed = toastSchema.safeParse(session.get("toast"));
  headers.append("Set-Cookie", await storage.destroySession(session));
  return { toast: parsed.success ? parsed.data : null, headers };
}
