import { test, expect, type Download, type Page } from '@playwright/test';
import { sidebarStep, signInAs } from '../../support/portal';
import { clientAtStep, PASSWORD } from '../forms/seed';
import { brokerUploads, checkPhone } from './helpers';

// Step 10 (Closing Docs), seller and buyer: nothing yet → the spec's empty state with a disabled button; the broker's
// closing files (type, or an "Other Document" named closing/final) listed with who provided them, downloaded one at a
// time ≥ 500 ms apart; the step turns green with "Downloaded on {date}".

async function downloadsAll(page: Page, expected: string[]) {
  const seen: { name: string; at: number }[] = [];
  const onDownload = (d: Download) => seen.push({ name: d.suggestedFilename(), at: Date.now() });
  page.on('download', onDownload);
  await page.getByRole('button', { name: `Download ${expected.length} Closing Documents` }).click();
  await expect(page.getByText('Your Documents are downloading. Please check your downloads folder after the download is complete. Thank You!')).toBeVisible();
  await expect.poll(() => seen.length).toBe(expected.length);
  page.off('download', onDownload);
  expect(seen.map((s) => s.name).sort()).toEqual([...expected].sort());
  expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(450);
}

for (const role of ['SELLER', 'BUYER'] as const) {
  const area = role === 'SELLER' ? 'seller' : 'buyer';
  test(`${area}: closing documents are listed with their provider and download one at a time; the step turns green`, async ({ page, request }) => {
    test.setTimeout(150_000);
    const client = await clientAtStep(request, role, 9, role === 'SELLER' ? 'Cass Closing' : 'Bo Closing');
    await signInAs(page, client.email, PASSWORD, `/${area}`);
    await page.goto(`/${area}/closing-docs`);
    await expect(page.getByRole('heading', { level: 1, name: 'Closing Docs' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Closing Documents Not Available Yet' })).toBeVisible();
    await expect(page.getByText('Closing documents not available yet. Nothing will happen when clicked')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download Closing Documents' })).toBeDisabled();

    await brokerUploads(request, client.listing.id, 'CLOSING_DOCS', 'Closing statement.pdf', { audience: 'ALL' });
    await brokerUploads(request, client.listing.id, 'UPLOADED_DOC', 'Final bill of sale.pdf', { audience: 'ALL' });
    await brokerUploads(request, client.listing.id, 'UPLOADED_DOC', 'Inventory count.pdf', { audience: 'ALL' });
    await page.reload();
    const list = page.getByRole('list', { name: 'Closing documents' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list).not.toContainText('Inventory count.pdf');
    await expect(list.getByRole('listitem').first()).toContainText(/Provided by: .+ \(BROKER\)/);
    await expect(page.getByText('Documents Ready', { exact: true })).toBeVisible();
    await checkPhone(page, `/${area}/closing-docs`, `steps-${area}-closing-docs-375`);

    const stepCall = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/(seller|buyer)\/(update-step|mark-step-completed)$/.test(new URL(r.url()).pathname));
    await downloadsAll(page, ['Closing statement.pdf', 'Final bill of sale.pdf']);
    // the spec's step update with a completion flag (part 2 §4, §7)
    const sent = await stepCall;
    expect(new URL(sent.url()).pathname).toBe(`/api/${area}/update-step`);
    expect(sent.postDataJSON()).toEqual({ stepId: 9, completed: true });
    await expect(sidebarStep(page, 10)).toHaveAttribute('data-state', 'completed', { timeout: 15_000 });
    await expect(page.getByText(/^Downloaded on /)).toBeVisible();
  });
}
