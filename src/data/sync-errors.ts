/**
 * Why a sync stopped, in words a visitor understands. A full device is expected on cheap
 * phones: it becomes a state (what was stored stays and works), never an uncaught error.
 */
import { ApiFailure } from './failure';

export const SYNC_MSG = {
  quota:
    'Sem espaço no aparelho: o download parou. O que já foi baixado continua funcionando; libere espaço e toque em "Continuar download".',
  offline: 'Sem conexão: continua de onde parou quando houver sinal.',
  failed: 'Não foi possível baixar os registros agora. Tente de novo em instantes.',
} as const;

export type SyncStopReason = 'quota' | 'offline' | 'failed' | 'cancelled';

export class SyncStopped extends Error {
  constructor(
    public readonly reason: SyncStopReason,
    message: string,
  ) {
    super(message);
    this.name = 'SyncStopped';
  }
}

interface Named {
  name?: unknown;
  inner?: { name?: unknown } | null;
}

/** IndexedDB's QuotaExceededError, bare or wrapped by Dexie (AbortError with `inner`). */
export function isQuotaError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as Named;
  return e.name === 'QuotaExceededError' || e.inner?.name === 'QuotaExceededError';
}

function isAbort(err: unknown): boolean {
  return err instanceof Error && err.name === 'AbortError' && !isQuotaError(err);
}

/** Any failure of a sync step → SyncStopped with its reason and pt-BR text. */
export function toSyncStopped(err: unknown, signal?: AbortSignal): SyncStopped {
  if (err instanceof SyncStopped) return err;
  if (signal?.aborted || isAbort(err)) return new SyncStopped('cancelled', '');
  if (isQuotaError(err)) return new SyncStopped('quota', SYNC_MSG.quota);
  if (err instanceof ApiFailure && err.offline) return new SyncStopped('offline', SYNC_MSG.offline);
  return new SyncStopped('failed', err instanceof ApiFailure ? err.message : SYNC_MSG.failed);
}
