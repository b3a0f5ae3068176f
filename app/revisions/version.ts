/**
 * The version an edit form was opened on (a hidden `version` field), or null when the form sent
 * none: a form from before versions (or a script) saves as before, without the conflict check.
 */
export function versionFromForm(form: FormData, name = "version"): number | null {
  const raw = form.get(name);
  if (typeof raw !== "string" || !/^\d{1,9}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}
