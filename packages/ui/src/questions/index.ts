export { QuestionsPanel, type QuestionsPanelProps } from './questions-panel.js';
export { QUESTIONS_TEXT } from './questions-text.js';
export { QuestionsScreen } from './questions-screen.js';
export { questionsAreaOf, questionsPath, questionsQuery, type QuestionsArea } from './questions-api.js';
