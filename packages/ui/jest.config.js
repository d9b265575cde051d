// Component tests: Testing Library in jsdom. TSX through @swc/jest (CommonJS output, so no VM-modules flag is needed).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default {
  rootDir: '.',
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/test/**/*.spec.tsx', '<rootDir>/test/**/*.spec.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
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
    // Portal modules import the core entry by its package name (src/portal.ts says why): the same module files.
    '^@brokerage/ui$': '<rootDir>/src/index.ts',
    '^@brokerage/ui/portal$': '<rootDir>/src/portal.ts',
    '^@brokerage/contracts/(.*)$': `${root}/packages/contracts/src/$1.ts`,
    '\\.css$': '<rootDir>/test/style-stub.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testTimeout: 15000,
};
