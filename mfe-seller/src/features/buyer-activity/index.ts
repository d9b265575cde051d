export { BuyerActivityPage } from './components/BuyerActivityPage';
