import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { brokerSession } from '../../support/public';
import { expectNoHorizontalOverflow, keepScreenshot } from '../../support/portal';
import { REPO_ROOT } from '../../support/stack-state';

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

const AXE_SOURCE = fs.readFileSync(path.join(REPO_ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

/**
 * axe: no violation of impact serious or critical on the page, the toasts left out (their colours are packages/ui's
 * sonner theme, not the screen's). The same rules as @axe-core/playwright's AxeBuilder, run the cheap way: axe is put
 * into the document once (a client-side navigation keeps it) and asked for violations only — AxeBuilder injects it
 * again on every call and finishes each run in a new blank page, ~2× the time of the run itself on CI. Nothing waits
 * for a toast to leave any more (that was up to 6 s of idle browser per check).
 */
export async function expectAxeClean(page: Page, what: string) {
  if (!(await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function'))) await page.evaluate(AXE_SOURCE);
  const bad = await page.evaluate(async () => {
    type Violation = { id: string; impact?: string | null; help: string; nodes: Array<{ target: string[] }> };
    const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: Violation[] }> } }).axe;
    const { violations } = await axe.run({ exclude: [['[data-sonner-toaster]']] }, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `- [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')}`).join('\n')}`);
  });
  expect(bad, `${what}: axe serious/critical violations\n${bad.join('\n')}`).toEqual([]);
}

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
