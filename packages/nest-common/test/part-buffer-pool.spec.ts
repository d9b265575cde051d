import { PartBufferPool } from '../src/uploads/object-upload.js';

/** The part buffers of streamed uploads (nest-common uploads): reused, and capped for the whole process when asked. */
describe('PartBufferPool', () => {
  it('reuses given-back buffers and keeps at most maxIdle of them', () => {
    const pool = new PartBufferPool(1024);
    const [a, b, c] = [pool.tryTake()!, pool.tryTake()!, pool.tryTake()!];
    expect(pool.allocated).toBe(3);
    pool.give(a);
    pool.give(b);
    pool.give(c); // a third idle one is left to the GC
    expect(pool.allocated).toBe(2);
    expect(pool.tryTake()).toBe(b);
  });

  it('with maxBuffers, a taker waits for a buffer given back, first come first served', async () => {
    const pool = new PartBufferPool(1024, 2);
    const a = pool.tryTake()!;
    const b = pool.tryTake()!;
    expect(pool.tryTake()).toBeNull();
    const order: string[] = [];
    const first = pool.take().then((buf) => (order.push('first'), buf));
    const second = pool.take().then((buf) => (order.push('second'), buf));
    pool.give(b);
    expect(await first).toBe(b);
    pool.give(a);
    expect(await second).toBe(a);
    expect(order).toEqual(['first', 'second']);
    expect(pool.allocated).toBe(2);
  });
});
