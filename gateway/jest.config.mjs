// The shared service Jest config, plus one fix for the gateway: fastify's plugins require() a few ESM-only
// packages (content-disposition 3, cookie 1). Node ≥ 20.19 can require(esm), Jest's CommonJS loader cannot, so
// those files are transformed to CommonJS for the tests (the built gateway runs them natively).
import base from '../jest.service.config.js';

const ESM_ONLY = ['content-disposition', 'cookie'];

export default {
  ...base,
  transform: {
    ...base.transform,
    [`node_modules/(${ESM_ONLY.join('|')})/dist/.*\\.js$`]: ['@swc/jest', { module: { type: 'commonjs' }, jsc: { target: 'es2022' } }],
  },
  transformIgnorePatterns: [`/node_modules/(?!.*/node_modules/(${ESM_ONLY.join("|")})/dist/)(?!(${ESM_ONLY.join("|")})/dist/)`],
};
