import { data } from "react-router";

/** What a request that is not a readable form gets: a 4xx, never a 500 with a stack trace. */
export class BadForm extends Error {
  constructor(
    readonly status: 400 | 415,
    message: string,
  ) {
    super(message);
  }
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * Check that a parsed form holds nothing a form cannot send: a NUL character, which PostgreSQL
 * refuses in text and no browser puts in a field.
 */
export function assertCleanForm(form: FormData): FormData {
  for (const [, value] of form) {
    if (typeof value === "string" && value.includes("\0")) throw new BadForm(400, "The form contains a character that is not allowed.");
  }
  return form;
}

/**
 * Read a page or admin action's form. A body that is not a form (JSON, text, none) answers 415,
 * a broken one (bad multipart, bad encoding) or one with a NUL character answers 400: both are
 * the sender's mistake, thrown as a response so the route's error boundary shows it.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await parseForm(request);
  } catch (error) {
    if (error instanceof BadForm) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

/** readForm's checks, throwing BadForm, for callers that answer in their own shape. */
export async function parseForm(request: Request): Promise<FormData> {
  if (!FORM_TYPES.test(request.headers.get("Content-Type") ?? "")) throw new BadForm(415, "Send the form as a form (URL-encoded or multipart).");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new BadForm(400, "The form could not be read.");
  }
  return assertCleanForm(form);
}
