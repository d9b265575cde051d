import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { brokerSession } from '../../support/public';
import { expectNoHorizontalOverflow, expectNoSeriousViolations, keepScreenshot } from '../../support/portal';

/** A small valid one-page PDF (the service checks the content against the extension, and stamps PDFs staff give buyers, so it must parse). */
export const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`);
/** A one-page PDF a PDF library can open (the service stamps a buyer's CBR/CIM copy, so it must parse). */
export async function realPdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText(text, { x: 50, y: 700 });
  return Buffer.from(await doc.save());
}
/** A 1×1 PNG. */
export const png = () =>
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** The broker uploads a file to a listing (POST /api/broker/listings/{id}/documents, multipart, type before the file). */
export async function brokerUploads(request: APIRequestContext, listingId: string, documentType: string, name: string, extra: Record<string, string> = {}, buffer: Buffer = pdf(name)) {
  const broker = await brokerSession(request);
  const res = await request.post(`/api/broker/listings/${listingId}/documents`, {
    headers: broker.headers,
    multipart: { documentType, ...extra, file: { name, mimeType: 'application/pdf', buffer } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).document as { id: string; fileName: string };
}

/** axe 0 serious/critical on the page, the toasts left out (support/portal expectNoSeriousViolations). */
export const expectAxeClean = (page: Page, what: string) => expectNoSeriousViolations(page, what, { excludeToasts: true });

/**
 * At 375 px: no sideways scroll, axe 0 serious/critical; with PORTAL_SCREENS=1 a full-page screenshot kept under
 * test-results/portal-screens/ for a human to look at (as portal/a11y does: it asserts nothing and costs a second).
 */
export async function checkPhone(page: Page, what: string, shot: string) {
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page, `${what} at 375px`);
  await expectAxeClean(page, `${what} at 375px`);
  if (process.env.PORTAL_SCREENS) await keepScreenshot(page, shot);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** axe at 1280 px, then the 375 px checks. */
export async function checkDesktopAndPhone(page: Page, what: string, shot: string) {
  await expectAxeClean(page, `${what} at 1280px`);
  await checkPhone(page, what, shot);
}
