/**
 * Tells every server instance that something it may hold in memory changed (a record, a user's
 * session-relevant fields). With one process (the default, and always on PGlite) the message
 * only reaches the process itself; with REDIS_URL set a Redis-backed bus fans it out to every
 * instance (see docs/deployment.md). Handlers must be cheap and idempotent:
 * a message can arrive more than once, and always arrives in the publishing process too.
 */
/** 'session': a token "Sair" ended, by its jti (server/lib/revoked-tokens.ts). */
export type InvalidationTopic = 'burial' | 'user' | 'cemetery' | 'session';

export type InvalidationHandler = (key: string) => void;

/**
 * The key that means "drop everything of this topic": sent for writes that touch every entry
 * (a cemetery renamed), and by the Redis bus to each handler when its subscription comes back
 * after a lost connection (messages may have been missed meanwhile). Handlers must honour it.
 */
export const EVERY_KEY = '*';

export interface InvalidationBus {
  /** Drops `key` of `topic` everywhere; resolves once the message is handed to the transport. */
  publish(topic: InvalidationTopic, key: string): Promise<void>;
  subscribe(topic: InvalidationTopic, handler: InvalidationHandler): () => void;
  close(): Promise<void>;
}

/** The single-process bus: delivers synchronously to this process's handlers. */
export function createLocalInvalidationBus(): InvalidationBus {
  const handlers = new Map<InvalidationTopic, Set<InvalidationHandler>>();
  return {
    async publish(topic, key) {
      for (const handler of handlers.get(topic) ?? []) handler(key);
    },
    subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
      }
      set.add(handler);
      return () => set.delete(handler);
    },
    async close() {
      handlers.clear();
    },
  };
}
