/**
 * The crew's day lives on the phone (orders, and photos waiting for signal), so "Hoje" asks
 * the browser to keep its storage (navigator.storage.persist(): not evicted under pressure)
 * and warns before the device runs out of room: under ~50 MB or 10 % of the quota left.
 */

export const STORAGE_MSG = {
  low: 'Pouco espaço livre no aparelho para o aplicativo. Libere espaço antes de tirar mais fotos: o que não couber não poderá ser guardado sem conexão.',
} as const;

const LOW_BYTES = 50 * 1024 * 1024;
const LOW_SHARE = 0.1;

export function lowOnSpace(estimate: { usage?: number; quota?: number }): boolean {
  if (!estimate.quota) return false;
  const free = estimate.quota - (estimate.usage ?? 0);
  return free < LOW_BYTES || free / estimate.quota < LOW_SHARE;
}

/** Asks for persistence (once granted it stays) and answers whether space is short. */
export async function checkStorage(): Promise<{ low: boolean }> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!storage) return { low: false };
  try {
    if (storage.persisted && !(await storage.persisted())) await storage.persist?.();
  } catch {
    // Refused or unsupported: the day still works, it may only be evicted under pressure.
  }
  try {
    return { low: storage.estimate ? lowOnSpace(await storage.estimate()) : false };
  } catch {
    return { low: false };
  }
}
