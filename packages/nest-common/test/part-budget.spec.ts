import { PartBudget, UPLOAD_PARTS } from '../src/uploads/object-upload.js';

/** The part-sized memory of streamed uploads (nest-common uploads), capped for the whole process when asked. */
describe('PartBudget', () => {
  it('unbounded: every upload counts its parts', () => {
    const budget = new PartBudget(1024);
    expect([budget.tryTake(), budget.tryTake(), budget.tryTake()]).toEqual([true, true, true]);
    expect(budget.allocated).toBe(3 * UPLOAD_PARTS);
    budget.give();
    expect(budget.allocated).toBe(2 * UPLOAD_PARTS);
  });

  it('with maxParts, an upload waits for one to end, first come first served', async () => {
    const budget = new PartBudget(1024, 2 * UPLOAD_PARTS);
    expect([budget.tryTake(), budget.tryTake(), budget.tryTake()]).toEqual([true, true, false]);
    const order: string[] = [];
    const first = budget.take().then(() => order.push('first'));
    const second = budget.take().then(() => order.push('second'));
    budget.give();
    await first;
    expect(order).toEqual(['first']);
    budget.give();
    await second;
    expect(order).toEqual(['first', 'second']);
    expect(budget.allocated).toBe(2 * UPLOAD_PARTS);
  });
});
