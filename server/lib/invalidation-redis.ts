/**
 * The InvalidationBus of several instances (REDIS_URL): a message goes to this process's
 * handlers at once, then over one Redis pub/sub channel to every other instance.
 *
 * publish() resolves when every instance subscribed at that moment has run its handlers and
 * said so (an ack on the publisher's own channel), or after ACK_TIMEOUT_MS. Writes await it
 * before answering, so once a write is acknowledged no live instance still holds the old value:
 * a PUBLISH alone only proves Redis queued the message, not that the other process read it.
 * The count to wait for is PUBLISH's answer (how many subscriptions got the message, this
 * instance's own among them, which acks itself without a round trip).
 *
 * When Redis fails, a write is never refused for it (it is committed already): the failure is
 * logged and the caches' own TTLs bound how stale another instance can be. A subscription
 * that comes back after a lost connection may have missed messages, so every handler is then
 * told EVERY_KEY (drop everything).
 */
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  createLocalInvalidationBus,
  EVERY_KEY,
  type InvalidationBus,
  type InvalidationTopic,
} from './invalidation';

export const ACK_TIMEOUT_MS = 500;
const TOPICS: InvalidationTopic[] = ['burial', 'user', 'cemetery', 'session'];

interface Log {
  warn(obj: object, msg: string): void;
}

interface Message {
  /** The publishing instance. */
  i: string;
  /** Its message number. */
  n: number;
  t: InvalidationTopic;
  k: string;
}

interface Pending {
  acks: number;
  /** PUBLISH's receiver count, once it answered (acks may arrive before it). */
  need: number | null;
  done: () => void;
}

export interface RedisBusOptions {
  /** Sends messages and acks (may be shared with other commands). */
  publisher: Redis;
  /** Dedicated: a subscribed connection runs no other command. */
  subscriber: Redis;
  prefix: string;
  log: Log;
  ackTimeoutMs?: number;
}

export async function createRedisInvalidationBus(opts: RedisBusOptions): Promise<InvalidationBus> {
  const { publisher, subscriber, prefix, log } = opts;
  const ackTimeoutMs = opts.ackTimeoutMs ?? ACK_TIMEOUT_MS;
  const self = crypto.randomBytes(8).toString('hex');
  const channel = `${prefix}invalidate`;
  const ackChannel = (instance: string) => `${prefix}invalidate-ack:${instance}`;
  const local = createLocalInvalidationBus();
  const pending = new Map<number, Pending>();
  let seq = 0;
  let closed = false;

  const settle = (n: number) => {
    const p = pending.get(n);
    if (p && p.need !== null && p.acks >= p.need) {
      pending.delete(n);
      p.done();
    }
  };
  const acked = (n: number) => {
    const p = pending.get(n);
    if (!p) return;
    p.acks += 1;
    settle(n);
  };

  subscriber.on('message', (from: string, raw: string) => {
    if (from === ackChannel(self)) {
      acked(Number(raw));
      return;
    }
    if (from !== channel) return;
    let msg: Message;
    try {
      msg = JSON.parse(raw) as Message;
    } catch {
      return;
    }
    if (msg.i === self) {
      acked(msg.n); // delivered here already, before the PUBLISH
      return;
    }
    if (!TOPICS.includes(msg.t) || typeof msg.k !== 'string') return;
    void local.publish(msg.t, msg.k);
    publisher.publish(ackChannel(msg.i), String(msg.n)).catch(() => undefined);
  });

  // Subscribed by hand (autoResubscribe off) so "subscribed again" is a known moment: only
  // then are the caches emptied, and no message can fall between the two.
  const subscribe = () => subscriber.subscribe(channel, ackChannel(self));
  await subscribe();
  let lost = false;
  subscriber.on('close', () => {
    lost = true;
  });
  subscriber.on('ready', () => {
    if (!lost || closed) return;
    lost = false;
    subscribe().then(
      () => {
        for (const topic of TOPICS) void local.publish(topic, EVERY_KEY);
      },
      (err: unknown) => log.warn({ err }, 'Redis: inscrição de invalidação não refeita'),
    );
  });

  return {
    async publish(topic, key) {
      await local.publish(topic, key);
      if (closed) return;
      seq += 1;
      const n = seq;
      const message: Message = { i: self, n, t: topic, k: key };
      const confirmed = new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          if (!pending.delete(n)) return;
          log.warn({ topic, key }, 'Invalidação sem confirmação de todas as instâncias');
          resolve();
        }, ackTimeoutMs);
        timer.unref();
        pending.set(n, {
          acks: 0,
          need: null,
          done: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
      try {
        const receivers = await publisher.publish(channel, JSON.stringify(message));
        const p = pending.get(n);
        if (p) p.need = receivers;
        settle(n);
      } catch (err) {
        pending.get(n)?.done();
        pending.delete(n);
        log.warn({ err, topic, key }, 'Redis: invalidação não enviada às outras instâncias');
      }
      await confirmed;
    },
    subscribe: (topic, handler) => local.subscribe(topic, handler),
    async close() {
      closed = true;
      for (const p of pending.values()) p.done();
      pending.clear();
      await local.close();
      if (subscriber.status === 'ready') {
        await subscriber.unsubscribe().catch(() => undefined);
      }
    },
  };
}
