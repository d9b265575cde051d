export { BuyerNdaPage } from './components/BuyerNdaPage';
