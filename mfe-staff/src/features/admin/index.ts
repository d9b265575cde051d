export { AdminPage } from './components/AdminPage';
