export { AgentsPage } from './components/AgentsPage';
