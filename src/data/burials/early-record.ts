/**
 * The QR landing's record, asked for while the app boots (main.tsx) instead of after the
 * detail page's code and the device store have loaded: on a crowded network that chain cost
 * a round trip and a half before the name and the photo (the LCP) could show. fetchBurial
 * takes the answer once; anything but a 200 (no signal, a 401, a 404) is asked again the usual
 * way, so failures keep their one path and their texts. A first visit's landing comes rendered
 * by the server, its photo in the HTML with a preload the browser finds before any script
 * (docs/decisions/0172-server-rendered-public-pages.md); a script-made preload of the photo
 * would only have served the shell, and cost every page's first load its bytes.
 */
import { API_BASE } from '../../lib/api-base';
import { readToken } from '../session-storage';

let early: { id: string; answer: Promise<unknown> } | null = null;

/**
 * On /sepultados/{id}: asks for the record now. Answers whether it did. A page the server
 * rendered carries its record (`held`, src/data/public-data/public-data.tsx): that is the early answer, so
 * the record is not asked for again, and its photo is already in the page's HTML.
 */
export function askEarly(path: string, held?: { id: string }): boolean {
  if (held) {
    early = { id: held.id, answer: Promise.resolve(held) };
    return true;
  }
  const id = /^\/sepultados\/([0-9a-f]{24})$/.exec(path)?.[1];
  if (!id) return false;
  const token = readToken();
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const answer = fetch(`${API_BASE}/sepultados/${id}`, { headers })
    .then((res) => (res.ok ? res.json() : null))
    .catch(() => null);
  early = { id, answer };
  return true;
}

/** The early answer's body for `id` (once), or null: the caller asks the usual way. */
export async function takeEarly(id: string): Promise<unknown> {
  const mine = early?.id === id ? early.answer : null;
  early = null;
  return mine;
}
