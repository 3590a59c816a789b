/** ETags of whole JSON answers and the If-None-Match check that turns them into 304s. */
import crypto from 'node:crypto';

/** A strong tag of the answer's JSON (27 characters of its sha256). */
export const bodyEtag = (body: unknown) =>
  `"${crypto.createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;

/** If-None-Match: "*" or a list of tags, compared weakly (RFC 9110 §13.1.2). */
export function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
