// Component tests of the staff remote: Testing Library in jsdom, the same setup as packages/ui's (TSX through @swc/jest).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default {
  rootDir: '.',
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/test/**/*.spec.tsx'],
  setupFilesAfterEnv: [`${root}/packages/ui/test/setup.ts`],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: ['/node_modules/'],
  moduleNameMapper: {
    '^@brokerage/(api-client|contracts)$': `${root}/packages/$1/src/index.ts`,
    '^@brokerage/ui$': `${root}/packages/ui/src/index.ts`,
    '^@brokerage/ui/portal$': `${root}/packages/ui/src/portal.ts`,
    '^@brokerage/contracts/(.*)$': `${root}/packages/contracts/src/$1.ts`,
    '\\.css$': `${root}/packages/ui/test/style-stub.ts`,
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testTimeout: 15000,
};
