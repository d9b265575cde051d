export { SellerDueDiligencePage } from './components/SellerDueDiligencePage';
