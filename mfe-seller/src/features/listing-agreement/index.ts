export { ListingAgreementPage } from './components/ListingAgreementPage';
