export { QUESTIONS_TEXT, QuestionsPanel, type QuestionsPanelProps } from './questions-panel.js';
export { QuestionsScreen } from './questions-screen.js';
export { questionsAreaOf, questionsPath, questionsQuery, type QuestionsArea } from './questions-api.js';
