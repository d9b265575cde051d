// Component tests (Testing Library, jsdom): packages/ui's shared config for the shell and the remotes, rooted here.
export { default } from '../packages/ui/jest.remote.config.js';
