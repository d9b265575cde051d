export { CallbackButton } from './components/CallbackButton';
