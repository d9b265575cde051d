import { test, expect } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { signInAs } from '../../support/portal';
import { brokerSession } from '../../support/public';
import { clientAtStep, PASSWORD } from '../forms/seed';
import { brokerUploads } from '../steps/helpers';

// Issue 23 §1/§2 in a browser: a buyer past the NDA opens the broker's view-only CIM in the in-portal viewer (the
// server's watermarked page image, no download control), the stamp (the buyer's name and e-mail) is in the page's
// text layer and, where the layer puts the e-mail, in the image; the broker revokes the buyer's access while the
// viewer is open, and the next page the viewer asks for says so. The image against an unstamped render:
// services/documents/test/viewer-text.spec.ts. The list's View action and a view-and-download file's
// "View / Download": packages/ui/test/document-list-viewer.spec.tsx.

async function pagesPdf(title: string, pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 1; i <= pages; i++) doc.addPage().drawText(`${title} page ${i}`, { x: 50, y: 700 });
  return Buffer.from(await doc.save());
}

test('a buyer reads a view-only CIM in the viewer (no download; their name and e-mail stamped in the text layer and the image), and a revocation mid-view stops the next page', async ({ page, request }) => {
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

  // the page's text layer: the page's own words and the stamp's footer line (this buyer's name and e-mail), selectable
  const layer = viewer.locator('.bb-viewer__text');
  const email = layer.getByText(`<${buyer.email}>`, { exact: true });
  await expect(email).toBeVisible();
  await expect(layer).toContainText('Confidential Business Review page 1');
  const selected = await layer.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
    return getSelection()!.toString();
  });
  expect(selected).toContain(`Confidential - provided to Vera Viewer <${buyer.email}> on `);
  // and the image has the stamp's ink right under the layer's e-mail
  const darkest = await email.evaluate((word) => {
    const img = word.closest('.bb-viewer__sheet')!.querySelector('img')!;
    const [ir, wr] = [img.getBoundingClientRect(), word.getBoundingClientRect()];
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [img.naturalWidth, img.naturalHeight];
    const g = canvas.getContext('2d')!;
    g.drawImage(img, 0, 0);
    const [sx, sy] = [img.naturalWidth / ir.width, img.naturalHeight / ir.height];
    const { data } = g.getImageData((wr.left - ir.left) * sx, (wr.top - ir.top) * sy, Math.max(1, wr.width * sx), Math.max(1, wr.height * sy));
    let min = 255;
    for (let i = 0; i < data.length; i += 4) min = Math.min(min, data[i]!);
    return min;
  });
  expect(darkest).toBeLessThan(160);
  // the viewer fills the dialog: the page scrolls inside it, the dialog around it does not
  expect(await viewer.evaluate((d) => d.scrollHeight - d.clientHeight)).toBeLessThanOrEqual(1);
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
