export { ListingDocumentsSection } from './components/ListingDocuments';
export { ActivityPage } from './components/ActivityPage';
