// Component tests of the shell and the remotes (<app>/test/**/*.spec.tsx): this package's jsdom setup and TSX
// transform, rooted at the app whose jest.config.js re-exports this (a relative rootDir is the config file's folder).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ui from './jest.config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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
    '\\.(svg|png|jpe?g|webp|gif)$': `${root}/packages/ui/test/asset-stub.ts`,
  },
};
