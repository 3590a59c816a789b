/**
 * What several instances share through Redis (REDIS_URL): the rate-limit counters and the
 * cache invalidation bus. Two connections: commands (counters, publishes, acks) and the
 * subscription (a subscribed connection runs nothing else). buildApp opens them and closes them
 * when the app closes (SIGTERM: docs/deployment.md).
 *
 * Start-up waits for Redis: an unreachable REDIS_URL stops the process with a readable error,
 * as a wrong DATABASE_URL does. Afterwards a Redis outage degrades, never stops, the service
 * (rate-limiter-redis.ts, invalidation-redis.ts): commands fail fast (no offline queue, a
 * timeout) rather than holding requests, and the client reconnects on its own.
 * ioredis is loaded only when REDIS_URL is set: the embedded default never uses it
 * (docs/decisions/0180-idle-memory.md).
 */
import type { Redis, RedisOptions } from 'ioredis';
import type { InvalidationBus } from './invalidation';
import { createRedisInvalidationBus } from './invalidation-redis';
import { RedisRateLimiter } from './rate-limiter-redis';

/** A counter command slower than this counts on the instance's own limiter instead. */
const COMMAND_TIMEOUT_MS = 1_000;
const CONNECT_TIMEOUT_MS = 5_000;

interface Log {
  warn(obj: object, msg: string): void;
}

export interface SharedServices {
  limiter: RedisRateLimiter;
  bus: InvalidationBus;
  /** For GET /api/health: whether the command connection is up. */
  status(): 'ok' | 'indisponível';
  close(): Promise<void>;
}

export class RedisUnavailableError extends Error {}

function connection(Client: typeof Redis, url: string, name: string, extra: RedisOptions): Redis {
  return new Client(url, {
    // CLIENT LIST tells this deployment's connections apart (the tests count and cut them).
    connectionName: name,
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    // Reconnects forever, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
    ...extra,
  });
}

async function open(client: Redis, url: string): Promise<void> {
  // Errors are reported by the callers' commands; unhandled 'error' events would crash.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    client.disconnect();
    const where = new URL(url);
    throw new RedisUnavailableError(
      `Redis indisponível em ${where.host} (REDIS_URL): ${(err as Error).message}`,
    );
  }
}

export async function connectShared(
  url: string,
  prefix: string,
  log: Log,
): Promise<SharedServices> {
  const { Redis: Client } = await import('ioredis');
  const commands = connection(Client, url, `${prefix}commands`, {
    commandTimeout: COMMAND_TIMEOUT_MS,
  });
  const subscriber = connection(Client, url, `${prefix}subscriber`, { autoResubscribe: false });
  await open(commands, url);
  try {
    await open(subscriber, url);
  } catch (err) {
    commands.disconnect();
    throw err;
  }
  const quit = async () => {
    await Promise.all([commands, subscriber].map((c) => c.quit().catch(() => c.disconnect())));
  };
  let bus: InvalidationBus;
  try {
    bus = await createRedisInvalidationBus({ publisher: commands, subscriber, prefix, log });
  } catch (err) {
    await quit();
    throw err;
  }
  return {
    limiter: new RedisRateLimiter(commands, prefix, log),
    bus,
    status: () => (commands.status === 'ready' ? 'ok' : 'indisponível'),
    async close() {
      await bus.close();
      await quit();
    },
  };
}
