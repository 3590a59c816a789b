/**
 * Work done after the answer has gone (token + e-mail for forgot-password, verification mail on
 * registration): the answer's timing then says nothing about whether an account exists, and a
 * slow or down SMTP server never fails a request. Failures are logged; app.close() waits for
 * what is still running so the database is not closed under a task.
 */
import type { FastifyBaseLogger } from 'fastify';

export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(label: string, task: () => Promise<void>): void {
    // setImmediate: not even the synchronous start of the task runs on the request's path.
    const promise: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((err: unknown) => this.log.error({ err, task: label }, 'background task failed'))
      .finally(() => this.pending.delete(promise));
    this.pending.add(promise);
  }

  /** Resolves once nothing is running (tasks started meanwhile are waited for too). */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
