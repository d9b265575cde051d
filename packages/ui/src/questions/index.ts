export { QUESTIONS_TEXT, QuestionsPanel, type QuestionsPanelProps } from './questions-panel.js';
export { questionsAreaOf, questionsPath, questionsQuery, type QuestionsArea } from './questions-api.js';
