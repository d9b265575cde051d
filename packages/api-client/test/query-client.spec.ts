import { ApiError, createQueryClient, retryDelay, shouldRetry } from '../src/index.js';

test('query defaults: 3 retries, back-off capped at 30 s, 5 min cache', () => {
  const qc = createQueryClient();
  const q = qc.getDefaultOptions().queries!;
  expect(q.gcTime).toBe(300_000);
  expect(shouldRetry(0, new Error('x'))).toBe(true);
  expect(shouldRetry(2, new Error('x'))).toBe(true);
  expect(shouldRetry(3, new Error('x'))).toBe(false);
  expect(shouldRetry(0, new ApiError(404, 'Not found'))).toBe(false);
  expect(shouldRetry(0, new ApiError(503, 'down'))).toBe(true);
  expect(retryDelay(0)).toBe(1000);
  expect(retryDelay(10)).toBe(30_000);
});
