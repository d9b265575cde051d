import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { brokerSession } from '../../support/public';
import { expectNoHorizontalOverflow, expectNoSeriousViolations, keepScreenshot } from '../../support/portal';

/** A small valid PDF (the service checks the content against the extension). */
export const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`);
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

/** At 375 px: no sideways scroll, axe 0 serious/critical, a screenshot kept under test-results/portal-screens/. */
export async function checkPhone(page: Page, what: string, shot: string) {
  // The toasts' own contrast (sonner's success colours, packages/ui) is not this screen's: wait until they are gone.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page, `${what} at 375px`);
  await expectNoSeriousViolations(page, `${what} at 375px`);
  await keepScreenshot(page, shot);
  await page.setViewportSize({ width: 1280, height: 800 });
}
