export { ListingsPage } from './components/ListingsPage';
export { AssignedListingsPage } from './components/AssignedListingsPage';
export { useListing, useListings } from './api/listings';
