export { DueDiligencePage } from './components/DueDiligencePage';
