/**
 * Per-key serialization inside this process, shared by the idempotent writes (tribute posts,
 * record edits) and the plan's update: requests with the same key run one after the other, so a
 * retry that arrives while the first attempt is still running waits for it and then finds its
 * stored result. Across processes each caller relies on a unique constraint written in its own
 * transaction. One per app (AppContext.keyLock).
 */
export class KeyLock {
  private readonly inflight = new Map<string, Promise<unknown>>();

  /** Runs fn alone for this key (null: no key, no waiting). Callers prefix keys by kind. */
  async run<T>(key: string | null, fn: () => Promise<T>): Promise<T> {
    if (key === null) return fn();
    const running = this.inflight;
    for (let other = running.get(key); other; other = running.get(key)) {
      // Only the order matters here; the other request's failure is its own answer.
      await other.catch(() => undefined);
    }
    const mine = fn();
    running.set(key, mine);
    try {
      return await mine;
    } finally {
      if (running.get(key) === mine) running.delete(key);
    }
  }
}
