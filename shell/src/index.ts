import { startRegistryFetch } from './registry-fetch';

// Start fetching the remotes' registry now, in parallel with the shared chunks the async boundary loads.
startRegistryFetch();
// Async boundary: shared modules (react, router, …) are negotiated by Module Federation before the app runs.
import('./bootstrap');
