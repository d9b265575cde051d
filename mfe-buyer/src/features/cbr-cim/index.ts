export { CbrCimPage } from './components/CbrCimPage';
