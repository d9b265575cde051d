export { ClientListingPage } from './components/ClientListingPage';
