export { BuyerPreCloseChecklistPage } from './components/BuyerPreCloseChecklistPage';
