import { AppError } from '../../http/envelope';

/** Failure-counting window and thresholds of the login (issue 2). */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60_000,
  /** From this many failures of a username on, a captcha is required. */
  captchaAfter: 5,
  /** From this many failures of a username on, further attempts are refused (429). */
  maxPerUsername: 10,
  /** From this many failures from one client address on, further attempts are refused (429). */
  maxPerIp: 20,
  /** argon2 checks running at once; the rest wait. */
  verifyConcurrency: 4,
  /** Waiting checks beyond this are refused (429) so a flood cannot queue unbounded CPU work. */
  verifyQueue: 32,
} as const;

export type LoginLimits = { [K in keyof typeof LOGIN_LIMITS]: number };

/**
 * Bounds concurrent expensive work (argon2 verification: 64 MiB and tens of ms each). Up to `max` run at
 * once, up to `maxQueue` wait in order, and anything beyond is refused at once with `busy`.
 */
export class ConcurrencyLimiter {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly max: number,
    private readonly maxQueue: number,
    private readonly busy: () => AppError,
  ) {}

  get running(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) {
      if (this.waiting.length >= this.maxQueue) throw this.busy();
      // The slot is handed over by release(), so `active` already counts this task when it resumes.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await fn();
    } finally {
      this.release();
    }
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}

/**
 * Fixed-window counter per key, in memory (per server process): a cheap guard for unauthenticated calls that
 * write nothing worth counting in the database, such as issuing captcha images.
 */
export class WindowCounter {
  private readonly hits = new Map<string, { start: number; n: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts a hit; false when the key is over its limit in the current window. */
  hit(key: string, now: number): boolean {
    if (this.hits.size > 10_000) this.prune(now);
    const cur = this.hits.get(key);
    if (!cur || now - cur.start >= this.windowMs) {
      this.hits.set(key, { start: now, n: 1 });
      return true;
    }
    cur.n++;
    return cur.n <= this.limit;
  }

  private prune(now: number): void {
    for (const [key, v] of this.hits) if (now - v.start >= this.windowMs) this.hits.delete(key);
    // Memory stays bounded even when many keys are live; forgetting counts early only lets a few through.
    if (this.hits.size > 10_000) this.hits.clear();
  }
}
