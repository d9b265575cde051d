export { BuyerHome } from './components/BuyerHome';
