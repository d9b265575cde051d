export { PurchaseContractPage } from './components/PurchaseContractPage';
