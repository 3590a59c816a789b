/**
 * A counting semaphore: at most `max` holders at once, the rest wait in arrival order. Used to
 * keep heavy work (image decoding) from piling up in memory when many uploads arrive together.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly max: number) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `active` only drops when none waits.
      if (next) next();
      else this.active -= 1;
    }
  }
}
