export { PublicLayout } from './components/PublicLayout';
export { PublicErrorBoundary } from './components/PageErrorBoundary';
