// The design system's styles are part of the entry: a <link> in the page's head, so that prerendered markup is
// styled at first paint.
import '@brokerage/ui/styles.css';
import { startRegistryFetch } from './registry-fetch';

// Start fetching the remotes' registry now, in parallel with the shared chunks the async boundary loads.
startRegistryFetch();
// Async boundary: shared modules (react, router, …) are negotiated by Module Federation before the app runs.
void import('./bootstrap');
