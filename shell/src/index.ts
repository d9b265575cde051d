// Async boundary: shared modules (react, router, …) are negotiated by Module Federation before the app runs.
import('./bootstrap');
