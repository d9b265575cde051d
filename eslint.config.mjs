// `npm run lint`: the conventions a machine checks (docs/CONVENTIONS.md "Checks").
// - boundaries (import-x/no-restricted-paths zones, as bulletproof-react does): no import between remotes or between
//   the shell and a remote, none between services (or a service and the gateway), none from a package into an app;
//   inside a remote a feature is entered only through its `features/<x>/index.ts`; inside a service a feature never
//   imports another feature's controller or request DTOs;
// - no `process.env` outside a service's / the gateway's config module (tooling and tests excepted);
// - no hand-written API path in the browser code (remotes, packages/ui, packages/api-client): contracts' apiPath;
// - no floating or misused promises (typed linting, TypeScript 6 through typescript-eslint's project service);
// - eslint's and typescript-eslint's recommended rules, react-hooks' rules of hooks.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const subdirs = (dir) => {
  try {
    return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch {
    return [];
  }
};
const abs = (p) => path.join(ROOT, p);

const REMOTES = ['mfe-public', 'mfe-seller', 'mfe-buyer', 'mfe-staff'];
const FRONT_APPS = ['shell', ...REMOTES];
const SERVICES = subdirs('services').map((s) => `services/${s}`);
const BACK_APPS = ['gateway', ...SERVICES];
const TS = '**/*.{ts,tsx,mts,cts}';
const JS = '**/*.{js,mjs,cjs,jsx}';

// ---- import boundaries ------------------------------------------------------------------------------------------
const zones = [
  // A remote never imports another remote; the shell loads remotes at run time only (Module Federation).
  ...FRONT_APPS.map((app) => ({
    target: `./${app}`,
    from: FRONT_APPS.filter((other) => other !== app).map((other) => `./${other}`),
    message: 'A remote never imports another remote, and the shell and the remotes meet only at run time (Module Federation). Shared code lives in packages/.',
  })),
  // A service never imports another service (nor the gateway): they talk over HTTP (/internal/*, InternalHttpClient).
  ...BACK_APPS.map((app) => ({
    target: `./${app}`,
    from: BACK_APPS.filter((other) => other !== app).map((other) => `./${other}`),
    message: 'Services and the gateway never import each other: call /internal/* with InternalHttpClient; shared types live in packages/contracts.',
  })),
  // Packages are shared by the apps and know none of them.
  {
    target: './packages',
    from: [...BACK_APPS, ...FRONT_APPS].map((app) => `./${app}`),
    message: 'A package never imports an app (gateway, service, shell, remote): move the shared code into packages/.',
  },
  // Remote features (shared → features → app): from outside features/<x>/, only its index.ts is public.
  ...REMOTES.flatMap((remote) => subdirs(`${remote}/src/features`).map((feature) => ({
    target: [abs(`${remote}/src/*`), abs(`${remote}/src/!(features)/**`), abs(`${remote}/src/features/!(${feature})/**`)],
    from: [abs(`${remote}/src/features/${feature}/**`)],
    except: [abs(`${remote}/src/features/${feature}/index.{ts,tsx}`)],
    message: `Import the ${feature} feature through its index (features/${feature}/index.ts), not its internals.`,
  }))),
  // Service features are flatter (a module exports its providers to the others), but a feature's controller and its
  // request DTOs are its own: another feature takes the schema from @brokerage/contracts.
  ...SERVICES.flatMap((service) => subdirs(`${service}/src`).map((feature) => ({
    target: [abs(`${service}/src/!(${feature})/**`)],
    from: [abs(`${service}/src/${feature}/**/*.controller.ts`), abs(`${service}/src/${feature}/dto/**`)],
    message: `Another feature's controller and request DTOs are private to it (${feature}/): share the schema through @brokerage/contracts or the feature's service.`,
  }))),
];

// ---- process.env only in config modules -------------------------------------------------------------------------
const NO_PROCESS_ENV = 'Read configuration once, in the config module (nest-common loadConfig() / a service\'s src/config*.ts / gateway/src/config.ts), and pass it on.';
const processEnvRules = (selector) => ({
  'no-restricted-syntax': ['error', { selector, message: NO_PROCESS_ENV }],
  'no-restricted-imports': ['error', {
    paths: ['process', 'node:process'].map((name) => ({ name, importNames: ['env'], message: NO_PROCESS_ENV })),
  }],
});
const PROCESS_ENV = "MemberExpression[object.name='process'][property.name='env']";

// ---- API paths only from the route definitions (contracts apiPath) in the browser code ---------------------------
const NO_HAND_PATH = 'Build API paths with apiPath(method, path, params) from @brokerage/contracts/api/path: the route definitions are the one place a path is written (issue 18 §2).';
const API_PATH_SELECTORS = [
  // apiFetch('/seller/x'), apiFetch(`/${area}/x`), sendMultipart('/messages/send', …)
  "CallExpression[callee.name=/^(apiFetch|sendMultipart)$/] > :matches(Literal, TemplateLiteral).arguments:first-child",
  // uploadFile({ path: '/…' })
  "CallExpression[callee.name='uploadFile'] > ObjectExpression > Property[key.name='path'] > :matches(Literal, TemplateLiteral).value",
  // <FileUpload path="/…" />, uploadPath={`/${AREA}/…`} (a react-router <Route path> is a screen, not the API)
  "JSXOpeningElement:not([name.name='Route']) > JSXAttribute[name.name=/^(path|uploadPath|listPath)$/] > Literal",
  "JSXOpeningElement:not([name.name='Route']) > JSXAttribute[name.name=/^(path|uploadPath|listPath)$/] > JSXExpressionContainer > :matches(Literal, TemplateLiteral)",
  // a full '/api/…' address written by hand
  'Literal[value=/^\\/api\\//]',
  'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/api\\//]',
].map((selector) => ({ selector, message: NO_HAND_PATH }));
const PROCESS_DESTRUCTURE = "VariableDeclarator[init.name='process'] > ObjectPattern > Property[key.name='env']";

export default defineConfig(
  {
    // Build output, dependencies, data, reports, declaration files, and hidden folders at the root (.data, scratch).
    ignores: ['**/dist/**', '**/node_modules/**', '.*/**', '**/.data/**', '**/.test-data/**', '**/coverage/**',
      'test-results/**', 'playwright-report/**', 'bench/results/**', '**/*.d.ts', '**/jest-bundle/**'],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  {
    files: [JS],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module', globals: { ...globals.node } },
    rules: { 'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }] },
  },
  { files: ['**/test/**/*.{js,mjs}'], languageOptions: { globals: { ...globals.jest } } },
  // Functions the benches hand to Playwright's page.evaluate() run in the browser.
  { files: ['bench/**'], languageOptions: { globals: { ...globals.browser } } },
  // TypeScript: recommended rules, typed for the promise rules.
  ...tseslint.configs.recommended.map((c) => ({ ...c, files: [TS] })),
  {
    files: [TS],
    languageOptions: {
      // JSDoc is parsed only where it carries types (JS files): no rule here reads a JSDoc tag, and in .ts files and
      // the libraries' .d.ts it is only comments. Same report, ~10 % less CPU (npm run lint 176 -> 158 s CPU).
      parserOptions: { projectService: true, tsconfigRootDir: ROOT, jsDocParsingMode: 'type-info' },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['{shell,mfe-*,packages/ui,packages/api-client}/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error' },
  },
  // Import boundaries, resolved the way TypeScript resolves (workspace packages by name, `.js` → `.ts`).
  {
    files: [TS, JS],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true, noWarnOnMultipleProjects: true, project: [
        'packages/*/tsconfig.json', 'services/*/tsconfig.json', 'gateway/tsconfig.json', 'shell/tsconfig.json',
        'mfe-*/tsconfig.json', 'e2e/tsconfig.json'] })],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones }] },
  },
  // A remote never loads another remote by its federation name either.
  {
    files: REMOTES.map((r) => `${r}/**`),
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^mfe_', message: 'A remote never imports another remote.' }] }],
    },
  },
  // process.env: only the config modules. Tooling (launcher, infra, bench, scripts, rspack/jest configs, e2e), the
  // TypeORM CLI data sources and test code (tests set the env the global setup provides) are not services' runtime.
  {
    files: ['packages/**', 'services/**', 'gateway/**', 'shell/**'],
    ignores: ['packages/nest-common/src/config/**', 'services/*/src/config*', 'services/*/src/config/**',
      'gateway/src/config.ts', 'services/*/src/data-source.ts', 'packages/embedded-infra/**',
      'packages/nest-common/src/testing/**', '**/test/**', '**/*.spec.ts', '**/*.config.{js,mjs,cjs,ts}',
      '**/scripts/**'],
    rules: processEnvRules(`:matches(${PROCESS_ENV}, ${PROCESS_DESTRUCTURE})`),
  },
  // The shared browser packages: the process.env rule above plus API paths from apiPath only.
  {
    files: ['packages/ui/src/**', 'packages/api-client/src/**'],
    rules: {
      'no-restricted-syntax': ['error', { selector: `:matches(${PROCESS_ENV}, ${PROCESS_DESTRUCTURE})`, message: NO_PROCESS_ENV }, ...API_PATH_SELECTORS],
    },
  },
  {
    // Remotes: `process.env.MFE_BUILD_TAG` is not an env read but a build-time constant (rspack's DefinePlugin
    // replaces it with a string at build time, infra/rspack); nothing else from process.env exists in a browser.
    files: REMOTES.map((r) => `${r}/src/**`),
    rules: {
      ...processEnvRules(`:matches(${PROCESS_ENV}, ${PROCESS_DESTRUCTURE}):not(MemberExpression[property.name='MFE_BUILD_TAG'] > MemberExpression.object)`),
      'no-restricted-syntax': ['error', {
        selector: `:matches(${PROCESS_ENV}, ${PROCESS_DESTRUCTURE}):not(MemberExpression[property.name='MFE_BUILD_TAG'] > MemberExpression.object)`,
        message: NO_PROCESS_ENV,
      }, ...API_PATH_SELECTORS],
      'no-restricted-imports': ['error', {
        paths: ['process', 'node:process'].map((name) => ({ name, importNames: ['env'], message: NO_PROCESS_ENV })),
        patterns: [{ regex: '^mfe_', message: 'A remote never imports another remote.' }],
      }],
    },
  },
);
