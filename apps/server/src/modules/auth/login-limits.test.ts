import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/envelope';
import { ConcurrencyLimiter, WindowCounter } from './login-limits';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ConcurrencyLimiter', () => {
  it('runs at most max at once, queues up to maxQueue and refuses beyond with 429', async () => {
    const limiter = new ConcurrencyLimiter(2, 1, () => new AppError(429, '登录人数较多，请稍后再试'));
    const gates = [deferred(), deferred(), deferred()];
    let peak = 0;
    let running = 0;
    const order: number[] = [];
    const task = (i: number) => async () => {
      running++;
      peak = Math.max(peak, running);
      order.push(i);
      await gates[i]?.promise;
      running--;
      return i;
    };
    const p0 = limiter.run(task(0));
    const p1 = limiter.run(task(1));
    const p2 = limiter.run(task(2));
    await Promise.resolve();
    expect(limiter.running).toBe(2);
    expect(limiter.queued).toBe(1);
    await expect(limiter.run(task(3))).rejects.toMatchObject({ status: 429, message: '登录人数较多，请稍后再试' });

    gates[0]?.resolve();
    expect(await p0).toBe(0);
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual([0, 1, 2]);
    expect(limiter.running).toBe(2);
    expect(limiter.queued).toBe(0);
    gates[1]?.resolve();
    gates[2]?.resolve();
    expect(await Promise.all([p1, p2])).toEqual([1, 2]);
    expect(peak).toBe(2);
    expect(limiter.running).toBe(0);
  });

  it('releases its slot when the work fails', async () => {
    const limiter = new ConcurrencyLimiter(1, 0, () => new AppError(429, 'busy'));
    await expect(limiter.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(limiter.running).toBe(0);
    expect(await limiter.run(async () => 'ok')).toBe('ok');
  });
});

describe('WindowCounter', () => {
  it('allows limit hits per key per window', () => {
    const c = new WindowCounter(3, 1000);
    expect([1, 2, 3, 4].map(() => c.hit('a', 0))).toEqual([true, true, true, false]);
    expect(c.hit('b', 10)).toBe(true);
    expect(c.hit('a', 999)).toBe(false);
    expect(c.hit('a', 1000)).toBe(true);
  });
});
