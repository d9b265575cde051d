export { ListingsPage } from './components/ListingsPage';
export { AssignedListingsPage } from './components/AssignedListingsPage';
export { listingQuery, listingsQuery } from './api/listings';
export { ActivityLink } from './components/ActivityLink';
