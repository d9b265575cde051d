export { BuyerAfterSalePage } from './components/BuyerAfterSalePage';
