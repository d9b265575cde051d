// ESM loader hooks used by ts-hooks.mjs (see there).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transformSync } from '@swc/core';

const isOurTs = (url) => url.startsWith('file:') && /\.m?ts$/.test(url) && !url.includes('/node_modules/');

export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (err) {
    // Inside TypeScript sources, `./x.js` means `./x.ts` (nodenext convention).
    if (context.parentURL && isOurTs(context.parentURL) && /^\.{1,2}\/.*\.js$/.test(specifier)) {
      return nextResolve(specifier.replace(/\.js$/, '.ts'), context);
    }
    throw err;
  }
}

export async function load(url, context, nextLoad) {
  if (!isOurTs(url)) return nextLoad(url, context);
  const filename = fileURLToPath(url);
  const source = await readFile(filename, 'utf8');
  const { code } = transformSync(source, {
    filename,
    sourceMaps: 'inline',
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
  });
  return { format: 'module', source: code, shortCircuit: true };
}
