/**
 * The QR landing's record, asked for while the app boots (main.tsx) instead of after the
 * detail page's code and the device store have loaded: on a crowded network that chain cost
 * a round trip and a half before the name and the photo (the LCP) could show. fetchBurial
 * takes the answer once; anything but a 200 (no signal, a 401, a 404) is asked again the usual
 * way, so failures keep their one path and their texts.
 */
import { API_BASE } from '../../lib/api-base';
import { readToken } from '../session-storage';

let early: { id: string; answer: Promise<Response | null> } | null = null;

/** On /sepultados/{id}: asks for the record now. Answers whether it did. */
export function askEarly(path: string): boolean {
  const id = /^\/sepultados\/([0-9a-f]{24})$/.exec(path)?.[1];
  if (!id) return false;
  const token = readToken();
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  early = { id, answer: fetch(`${API_BASE}/sepultados/${id}`, { headers }).catch(() => null) };
  return true;
}

/** The early answer's body for `id` (once), or null: the caller asks the usual way. */
export async function takeEarly(id: string): Promise<unknown> {
  const mine = early?.id === id ? early.answer : null;
  early = null;
  const res = await mine;
  return res?.ok ? res.json().catch(() => null) : null;
}
