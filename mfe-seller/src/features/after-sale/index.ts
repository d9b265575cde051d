export { AfterSalePage } from './components/AfterSalePage';
