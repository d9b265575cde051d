import fs from 'node:fs';
import path from 'node:path';
import * as core from '../src/index';
import * as portal from '../src/portal';

/*
 * The two federation singletons (infra/rspack/create-mf-config.mjs): '@brokerage/ui' (core, on every page's first load)
 * and '@brokerage/ui/portal'. Each module file must belong to one entry only: a core module reached by a relative
 * import from the portal side would be bundled a second time into the portal's shared chunk, with its own state
 * (a toast() from a portal widget would queue in a copy no <Toaster> listens to).
 */
const SRC = path.resolve(__dirname, '../src');
const SPECIFIER = /(?:import|export)\s[^'"]*?from\s*'([^']+)'|import\s*'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

function specifiers(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(SPECIFIER)].map((m) => m[1] ?? m[2] ?? m[3]);
}

function resolveRelative(from: string, spec: string): string {
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${path.relative(SRC, from)}: cannot resolve ${spec}`);
}

/** The entry's own module files (relative imports, followed) and the packages they import. */
function graph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const todo = [path.join(SRC, entry)];
  while (todo.length) {
    const file = todo.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const spec of specifiers(file)) {
      if (spec.startsWith('.')) {
        if (!spec.endsWith('.css')) todo.push(resolveRelative(file, spec));
      } else {
        packages.add(spec);
      }
    }
  }
  return { files, packages };
}

const rel = (files: Set<string>) => [...files].map((f) => path.relative(SRC, f)).sort();

describe('@brokerage/ui entries', () => {
  const coreGraph = graph('index.ts');
  const portalGraph = graph('portal.ts');

  test('the core entry is the basic controls, field errors, dialogs, toasts and formatting, with no heavy dependency', () => {
    expect(rel(coreGraph.files)).toEqual(['components/basic.tsx', 'components/dialog.tsx', 'components/field-errors.tsx', 'components/toast.tsx', 'format.ts', 'index.ts']);
    // sonner is loaded on the first toast (a dynamic import), not with the entry.
    expect([...coreGraph.packages].sort()).toEqual(['react', 'sonner']);
  });

  test('the portal entry shares no module file with the core entry (it imports core things by the package name)', () => {
    const shared = rel(portalGraph.files).filter((f) => coreGraph.files.has(path.join(SRC, f)));
    expect(shared).toEqual([]);
    expect(portalGraph.packages.has('@brokerage/ui')).toBe(true);
    expect(portalGraph.packages.has('@brokerage/ui/portal')).toBe(false);
  });

  test('every export name belongs to one entry', () => {
    const both = Object.keys(core).filter((name) => name in portal);
    expect(both).toEqual([]);
    expect(Object.keys(core).sort()).toEqual(expect.arrayContaining(['Alert', 'Button', 'Dialog', 'Toaster', 'formatMoney', 'toast']));
    expect(Object.keys(portal)).toEqual(expect.arrayContaining(['AreaFrame', 'FileUpload', 'Messages', 'formatDateTime']));
  });
});
