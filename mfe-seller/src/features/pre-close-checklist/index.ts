export { PreCloseChecklistPage } from './components/PreCloseChecklistPage';
