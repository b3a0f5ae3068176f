/**
 * Refusals as data (decision 0101). A domain module refuses with a kind (what sort of "no" it is)
 * and a message key with its values; it never picks an HTTP status nor writes the sentence where
 * it refuses. This module is the one place that turns a kind into a status and a key into its
 * sentence. The sentences are declared by the module that refuses, next to its rules, with
 * `defineMessages`, and rendered here; nothing compares a sentence to decide anything.
 */

/** Every kind of refusal and the HTTP status it answers with. */
export const REFUSAL_STATUS = {
  /** The request is wrong as sent (a field, a state it does not fit). */
  invalid: 400,
  /** The person may not do this (role, ownership, a spent allowance of tries). */
  forbidden: 403,
  /** What the request names does not exist (deleted meanwhile, or a made-up id). */
  "not-found": 404,
  /** It clashes with the stored state (taken, the last of something, changed meanwhile). */
  conflict: 409,
  /** The body or file is larger than allowed. */
  "too-large": 413,
  /** The body or file is of a type not taken. */
  "unsupported-type": 415,
  /** Too many requests in a window. */
  "rate-limited": 429,
  /** An outside service failed. */
  "outside-failed": 502,
  /** A service needed is not configured or not available now. */
  unavailable: 503,
} as const;

export type RefusalKind = keyof typeof REFUSAL_STATUS;
export type RefusalStatus = (typeof REFUSAL_STATUS)[RefusalKind];

/** The values a sentence's `{name}` placeholders take. */
export type MessageValues = Readonly<Record<string, string | number>>;

/** A message key: `<catalogue>.<name>`, e.g. `staff.lastAdmin`. */
export type MessageKey = string & { readonly __messageKey: true };

export type RefusalFields = readonly string[] | Readonly<Record<string, MessageKey>>;

export interface Refusal {
  kind: RefusalKind;
  key: MessageKey;
  values?: MessageValues;
  /**
   * The form fields the refusal is about: each shows the refusal's sentence beside it, or, given
   * as field → message key, a sentence of its own (rendered with the same values).
   */
  fields?: RefusalFields;
}

const catalogue = new Map<string, string>();

/**
 * Declare a module's sentences, each with a name; returns their keys (`<scope>.<name>`). A sentence
 * may hold `{name}` placeholders, filled from the refusal's values. A key declared twice must
 * name the same sentence (a module loaded twice in tests declares it again).
 */
export function defineMessages<const Texts extends Record<string, string>>(scope: string, texts: Texts): { readonly [Name in keyof Texts]: MessageKey } {
  const keys: Record<string, MessageKey> = {};
  for (const [name, text] of Object.entries(texts)) {
    const key = `${scope}.${name}`;
    const known = catalogue.get(key);
    if (known !== undefined && known !== text) throw new Error(`The message key ${key} is declared twice with different sentences.`);
    catalogue.set(key, text);
    keys[name] = key as MessageKey;
  }
  return keys as { readonly [Name in keyof Texts]: MessageKey };
}

/** A refusal of a kind, with its message key and values; `fields` names the form fields it is about. */
export function refusal(kind: RefusalKind, key: MessageKey, values?: MessageValues, fields?: RefusalFields): Refusal {
  return { kind, key, ...(values ? { values } : {}), ...(fields ? { fields } : {}) };
}

/** The sentence of a message key with its values (an undeclared key or value is a fault). */
export function sentence(key: MessageKey, values: MessageValues = {}): string {
  const text = catalogue.get(key);
  if (text === undefined) throw new Error(`No sentence is declared for the message key ${key}.`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!Object.hasOwn(values, name)) throw new Error(`The message ${key} needs the value ${name}.`);
    return String(values[name]);
  });
}

const isFieldList = (fields: RefusalFields): fields is readonly string[] => Array.isArray(fields);

export interface RenderedRefusal {
  status: RefusalStatus;
  reason: string;
  fieldErrors?: Record<string, string>;
}

/** The answer to a refusal: its kind's status, its sentence, and the sentence beside each field. */
export function renderRefusal(refused: Refusal): RenderedRefusal {
  const reason = sentence(refused.key, refused.values);
  const named = refused.fields;
  const fields = !named
    ? undefined
    : isFieldList(named)
      ? named.length
        ? Object.fromEntries(named.map((field) => [field, reason]))
        : undefined
      : Object.fromEntries(Object.entries(named).map(([field, key]) => [field, sentence(key, refused.values)]));
  return { status: REFUSAL_STATUS[refused.kind], reason, ...(fields ? { fieldErrors: fields } : {}) };
}

export const isRefusal = (value: unknown): value is Refusal =>
  typeof value === "object" && value !== null && Object.hasOwn(REFUSAL_STATUS, (value as Refusal).kind) && typeof (value as Refusal).key === "string";
