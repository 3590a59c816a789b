/**
 * How a user form becomes a request body (spec §5, §7): empty values are left out; multipart
 * when a photo is chosen or the screen asks for it (admin-create with a password, the profile),
 * JSON otherwise. Pure, so the decisions are unit-tested (tests/unit/users-payload.test.ts).
 */

type FieldValues = Record<string, string | null | undefined>;

/** Either shape is handed to ky as is: `json` or `body`. */
export type UserPayload = { json: Record<string, string> } | { body: FormData };

/** Spec §5: empty values are left out (null, undefined, '' and whitespace only). */
export function presentFields(values: FieldValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string' && value.trim() !== '') out[key] = value;
  }
  return out;
}

/** Admin-create (spec §7): multipart if a photo is present or a password is required. */
export function wantsMultipart(options: {
  image: Blob | null;
  passwordRequired: boolean;
}): boolean {
  return options.image !== null || options.passwordRequired;
}

/**
 * The body to send. A photo always forces multipart (JSON cannot carry it). A multipart body
 * with nothing in it is sent as JSON {} instead: an empty form is not worth a multipart parse.
 */
export function buildUserPayload(
  values: FieldValues,
  image: Blob | null,
  multipart: boolean,
): UserPayload {
  const fields = presentFields(values);
  const empty = Object.keys(fields).length === 0 && image === null;
  if ((!multipart && image === null) || empty) return { json: fields };
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  if (image) body.append('image', image, image instanceof File ? image.name : 'foto');
  return { body };
}

/**
 * Only the values that differ from the loaded record (edit screens). Sending an unchanged
 * e-mail would cancel a pending e-mail change on the server, and an unchanged CPF costs a
 * uniqueness check for nothing.
 */
export function changedFields(values: FieldValues, original: FieldValues): FieldValues {
  const out: FieldValues = {};
  for (const [key, value] of Object.entries(values)) {
    if ((value ?? '') !== (original[key] ?? '')) out[key] = value;
  }
  return out;
}
