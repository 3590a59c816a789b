/**
 * 24-hex, time-ordered ids (MongoDB ObjectId layout: 4 bytes of seconds, 5 random bytes,
 * 3 bytes of counter). Made by the server, and by the offline client for items it creates,
 * so one generator serves both runtimes.
 */
const random5 = new Uint8Array(5);
globalThis.crypto.getRandomValues(random5);
let counter = Math.floor(Math.random() * 0xffffff);

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, '0');
}

export function newId(now: number = Date.now()): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(now / 1000);
  let out = hex(seconds, 8);
  for (const b of random5) out += hex(b, 2);
  return out + hex(counter, 6);
}

export const ID_PATTERN = '^[0-9a-f]{24}$';
const idRegex = /^[0-9a-f]{24}$/;

export function isId(value: unknown): value is string {
  return typeof value === 'string' && idRegex.test(value);
}
