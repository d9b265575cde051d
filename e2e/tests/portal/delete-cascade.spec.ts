import { test, expect, type APIRequestContext } from '@playwright/test';
import { brokerSession, uniqueEmail } from '../../support/public';
import { brokerCreatesListing } from '../../support/portal';
import { restartService, stopService } from '../../support/stack-control';

/**
 * Deleting a seller crosses services: identity deletes the user and publishes user.deleted (outbox → BullMQ queue
 * listings.user-events); listings deletes their listings. With listings down at the moment of the delete, nothing is
 * lost: once it is back, the queued event is consumed and the listings are gone.
 */
test.describe('delete cascade survives a service being down', () => {
  // A service's restart (migrations, queue consumers) takes several seconds on a busy 2-core machine.
  test.describe.configure({ timeout: 120_000 });
  test.afterAll(async ({ request }) => {
    test.setTimeout(120_000);
    await restartService('listings').catch(() => undefined);
    await expect.poll(async () => (await request.get('/api/health/listings')).status(), { timeout: 30_000 }).toBe(200);
  });

  const asBroker = async (request: APIRequestContext, method: 'get' | 'delete' | 'post', url: string, data?: object) => {
    const { headers } = await brokerSession(request);
    return request[method](url, { headers, ...(data ? { data } : {}) });
  };

  test('broker deletes a seller while listings is stopped; after its restart the seller\'s listings are gone', async ({ request }) => {
    const email = uniqueEmail('cascade-seller');
    const created = await asBroker(request, 'post', '/api/admin/users', { email, password: 'cascade-pass-1', name: 'Cascade Seller', role: 'SELLER' });
    expect(created.status(), await created.text()).toBe(201);
    const sellerId: string = (await created.json()).user.id;
    const listings = [
      await brokerCreatesListing(request, { sellerId, buyerIds: [], tag: 'cascade-a' }),
      await brokerCreatesListing(request, { sellerId, buyerIds: [], tag: 'cascade-b' }),
    ];
    for (const l of listings) expect((await asBroker(request, 'get', `/api/broker/listings/${l.id}`)).status()).toBe(200);

    await stopService('listings');
    await expect.poll(async () => (await request.get('/api/health/listings')).status(), { timeout: 10_000 }).toBe(503);
    const del = await asBroker(request, 'delete', `/api/broker/sellers/${sellerId}`);
    expect(del.status(), await del.text()).toBe(200);
    expect((await asBroker(request, 'get', `/api/broker/listings/${listings[0]!.id}`)).status()).toBe(503);

    await restartService('listings');
    await expect.poll(async () => (await request.get('/api/health/listings')).status(), { timeout: 30_000 }).toBe(200);
    for (const l of listings) {
      await expect
        .poll(async () => (await asBroker(request, 'get', `/api/broker/listings/${l.id}`)).status(), { timeout: 30_000 })
        .toBe(404);
    }
    const sellers = await (await asBroker(request, 'get', '/api/broker/sellers')).json();
    expect(sellers.sellers.some((s: { id: string }) => s.id === sellerId)).toBe(false);
  });
});
