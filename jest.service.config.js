// One Jest config for every Node package (services, gateway, packages). Run from the package folder with --rootDir .
// Nest 12 is ESM-only, so Jest runs in ESM mode (node --experimental-vm-modules) with @swc/jest.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
const root = path.dirname(fileURLToPath(import.meta.url));

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
        keepClassNames: true,
      },
      module: { type: 'es6' },
    }],
  },
  moduleNameMapper: {
    '^@brokerage/(contracts|nest-common|api-client)$': `${root}/packages/$1/src/index.ts`,
    '^@brokerage/contracts/(.*)$': `${root}/packages/contracts/src/$1.ts`,
    '^@brokerage/nest-common/testing$': `${root}/packages/nest-common/src/testing/index.ts`,
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testMatch: ['<rootDir>/test/**/*.spec.ts', '<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.mjs'],
  globalSetup: `${root}/packages/embedded-infra/src/jest-global-setup.mjs`,
  globalTeardown: `${root}/packages/embedded-infra/src/jest-global-teardown.mjs`,
  testTimeout: 30000,
  maxWorkers: 1,
};
