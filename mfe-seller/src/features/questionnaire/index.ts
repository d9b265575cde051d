export { QuestionnairePage } from './components/QuestionnairePage';
