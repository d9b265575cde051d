export { DocumentActivity } from './components/DocumentActivity';
