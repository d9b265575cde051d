import { apiFetch } from '@brokerage/api-client';
import { apiUrl } from './upload-request.js';

/**
 * Fetches a document's download route (its `url`, under the API base; the service streams it, watermarking a buyer's
 * CBR/CIM) with the session, and saves it under its own name. Rejects with the ApiError when the server refuses.
 */
export async function saveDocument(url: string, fileName: string): Promise<void> {
  const blob = await apiFetch<Blob>(new URL(apiUrl(url), window.location.href).href, { responseType: 'blob', timeoutMs: 120_000 });
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start the save before the object URL goes.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
