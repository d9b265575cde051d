export { FinancialsPage } from './components/FinancialsPage';
