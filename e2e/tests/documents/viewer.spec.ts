import { test, expect } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { signInAs } from '../../support/portal';
import { brokerSession } from '../../support/public';
import { clientAtStep, PASSWORD } from '../forms/seed';
import { brokerUploads } from '../steps/helpers';

// Issue 23 §1/§2 in a browser: a buyer past the NDA opens the broker's view-only CIM in the in-portal viewer (the
// server's watermarked page image, no download control), the broker revokes the buyer's access while the viewer is
// open, and the next page the viewer asks for says so. The viewer has no text layer (page images only): that the
// stamp (the buyer's name, e-mail, date) is in the rendered page is services/documents/test/viewer.spec.ts's check
// (pdftotext of the copy the image is rendered from, image ≠ the unstamped page). The list's View action and a
// view-and-download file's "View / Download": packages/ui/test/document-list-viewer.spec.tsx.

async function pagesPdf(title: string, pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 1; i <= pages; i++) doc.addPage().drawText(`${title} page ${i}`, { x: 50, y: 700 });
  return Buffer.from(await doc.save());
}

test('a buyer reads a view-only CIM in the viewer (no download), and a revocation mid-view stops the next page', async ({ page, request }) => {
  test.setTimeout(120_000);
  const buyer = await clientAtStep(request, 'BUYER', 4, 'Vera Viewer');
  const cim = await brokerUploads(request, buyer.listing.id, 'CBR_CIM', 'Roastery CIM.pdf', { permission: 'VIEW_ONLY' }, await pagesPdf('Confidential Business Review', 5));

  await signInAs(page, buyer.email, PASSWORD, '/buyer/cbr-cim');
  await expect(page.getByText('Roastery CIM.pdf')).toBeVisible();
  // view-only: no download control anywhere on the screen
  await expect(page.getByRole('button', { name: 'View CBR/CIM' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Download/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Download/ })).toHaveCount(0);

  const pageAsked = page.waitForResponse((r) => r.url().includes(`/api/buyer/documents/${cim.id}/pages/1?size=page`));
  await page.getByRole('button', { name: 'View CBR/CIM' }).click();
  const viewer = page.getByRole('dialog', { name: 'Roastery CIM.pdf' });
  const image = viewer.getByRole('img', { name: 'Page 1 of 5' });
  await expect(image).toBeVisible();
  const answer = await pageAsked;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('image/png');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // the file itself never reaches the browser, and the viewer offers no download
  await expect(viewer.getByRole('link')).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: /Download/ })).toHaveCount(0);

  // the broker revokes this buyer's access to the CIM while the viewer is open
  const broker = await brokerSession(request);
  const revoke = await request.post(`/api/broker/buyers/${buyer.id}/listings/${buyer.listing.id}/revoke`, { headers: broker.headers, data: { documentId: cim.id } });
  expect(revoke.ok(), await revoke.text()).toBe(true);

  // the last page (never fetched ahead) is refused and the viewer says why
  await viewer.getByRole('region', { name: /^Page 1 of 5/ }).focus();
  await page.keyboard.press('End');
  await expect(viewer.getByRole('alert')).toHaveText('Your access to this document has been revoked');
  await expect(viewer.getByRole('img', { name: 'Page 5 of 5' })).toHaveCount(0);
});
