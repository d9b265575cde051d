export { FinancialStatementPage } from './components/FinancialStatementPage';
