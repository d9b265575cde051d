export { PurchaseAgreementPage } from './components/PurchaseAgreementPage';
