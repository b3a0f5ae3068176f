import { createHmac, timingSafeEqual } from "node:crypto";
import { redirect } from "react-router";
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
});

// The flash cookie is signed so that nothing but this server can put words in an admin toast.
let settings: { secret: string; secure: boolean } | null = null;

/** Called once the configuration is known (by getAuth, which every admin request goes through). */
export function configureToastCookie(config: { SESSION_SECRET: string; secureCookies: boolean }) {
  settings = { secret: config.SESSION_SECRET, secure: config.secureCookies };
}

function current() {
  if (!settings) throw new Error("The toast cookie is used before the auth module was configured.");
  return settings;
}

// __Host- keeps subdomains from planting the cookie under https.
const cookieName = (secure: boolean) => (secure ? "__Host-admin-toast" : "admin-toast");

function sign(value: string, secret: string): string {
  return createHmac("sha256", `toast:${secret}`).update(value).digest("base64url");
}

function serialize(value: string, maxAge: number, secure: boolean): string {
  return `${cookieName(secure)}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The Set-Cookie value that carries a toast to the next page. */
export function toastCookie(toast: Toast): string {
  const { secret, secure } = current();
  const payload = Buffer.from(JSON.stringify(toastSchema.parse(toast))).toString("base64url");
  return serialize(`${payload}.${sign(payload, secret)}`, 60, secure);
}

/** Redirect and show a toast on the page redirected to; extra headers (e.g. auth cookies) are kept. */
export function redirectWithToast(url: string, toast: Toast, init?: ResponseInit): Response {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", toastCookie(toast));
  return redirect(url, { ...init, headers });
}

function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return null;
}

/**
 * The toast waiting for this request, if any, and the headers that clear it (so it shows once).
 * Return both from the loader: `data({ ..., toast }, { headers })`.
 */
export function readToast(request: Request): { toast: ReceivedToast | null; headers: Headers } {
  const headers = new Headers();
  if (!settings) return { toast: null, headers };
  const { secret, secure } = settings;
  const raw = readCookie(request, cookieName(secure));
  if (raw === null) return { toast: null, headers };
  headers.append("Set-Cookie", serialize("", 0, secure));
  const [payload, signature] = raw.split(".");
  if (!payload || !signature) return { toast: null, headers };
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { toast: null, headers };
  try {
    const parsed = toastSchema.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    return { toast: parsed.success ? { ...parsed.data, id: signature.slice(0, 16) } : null, headers };
  } catch {
    return { toast: null, headers };
  }
}
