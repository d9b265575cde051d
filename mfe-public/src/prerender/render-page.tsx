/**
 * Build-time prerendering (Node, bundled by scripts/prerender.mjs): renders one public page of this remote to HTML,
 * exactly as the shell renders it in the browser (same components, same router matching), so the browser hydrates
 * the markup instead of painting after every script has loaded.
 */
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import App from '../App';
import { SEO_PAGES } from '../content/seo';
import { PrerenderHead, type PrerenderHeadData } from './head-context';

export { SEO_PAGES };

export interface RenderedPage {
  html: string;
  title: string | undefined;
}

export async function renderPage(url: string): Promise<RenderedPage> {
  const head: PrerenderHeadData = {};
  // Data queries stay pending on the server: pages render their static part and fill the rest on hydration.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <PrerenderHead.Provider value={head}>
      <QueryClientProvider client={client}>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </QueryClientProvider>
    </PrerenderHead.Provider>,
    // Never outline a large boundary into a hidden segment + inline script: the page must read without JavaScript
    // (and the CSP allows no inline script).
    { onError: (e) => void errors.push(e), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  if (errors.length) throw errors[0];
  return { html: await new Response(prelude).text(), title: head.title };
}
