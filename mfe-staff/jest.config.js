// Component tests of the staff remote: packages/ui's jsdom setup and TSX transform, with the staff remote's own root.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ui from '../packages/ui/jest.config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default {
  ...ui,
  rootDir: '.',
  testMatch: ['<rootDir>/test/**/*.spec.tsx'],
  setupFilesAfterEnv: [`${root}/packages/ui/test/setup.ts`],
  moduleNameMapper: {
    ...ui.moduleNameMapper,
    '^@brokerage/ui$': `${root}/packages/ui/src/index.ts`,
    '^@brokerage/ui/portal$': `${root}/packages/ui/src/portal.ts`,
    '\\.css$': `${root}/packages/ui/test/style-stub.ts`,
  },
};
