export { SellerHome } from './components/SellerHome';
