import fc from 'fast-check';
import { z } from 'zod';

/**
 * Bodies for fuzzing a route (issue 18 §2): values shaped by the route's zod input schema (through its JSON Schema), with
 * hostile strings mixed in (NUL, lone surrogates, a 1 MB string, control and RTL characters, SQL and HTML), hostile keys
 * (`__proto__`, `constructor`), deep nesting and wrong types. Every answer to any of them must be a 2xx or a clear 4xx.
 */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  additionalProperties?: boolean | JsonSchema;
};

const deep = (levels: number): unknown => {
  let v: unknown = 'bottom';
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
};

export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'before\u0000after',
  '\ud800',
  'lone \udfff surrogate',
  'x'.repeat(1_048_576),
  "'; DROP TABLE listings.listings; --",
  '<script>alert(1)</script>',
  '\u202eevil',
  '\r\n\t\u0007',
  '../../etc/passwd',
  '%00',
  '😀'.repeat(1000),
  '',
  ' ',
];

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom<unknown>(null, true, -1, 1e308, Number.MAX_SAFE_INTEGER + 2, [], {}, [null], { __proto__: { polluted: true } }),
);

function stringOf(s: JsonSchema): fc.Arbitrary<string> {
  const plain: fc.Arbitrary<string> = s.format === 'uuid' ? fc.uuid()
    : s.format === 'email' ? fc.emailAddress()
      : s.format === 'date' ? fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))
        : s.format === 'date-time' ? fc.date({ noInvalidDate: true }).map((d) => d.toISOString())
          : fc.string({ maxLength: Math.min(s.maxLength ?? 40, 200), unit: 'grapheme' });
  return fc.oneof({ weight: 4, arbitrary: plain }, { weight: 1, arbitrary: hostileString });
}

/** An arbitrary of values for one JSON Schema node (depth-limited). */
export function arbitraryOf(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 6) return fc.oneof(fc.string(), fc.integer(), fc.constant(null));
  if (s.const !== undefined) return fc.oneof({ weight: 4, arbitrary: fc.constant(s.const) }, { weight: 1, arbitrary: hostileValue });
  if (s.enum) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...s.enum) }, { weight: 1, arbitrary: hostileValue });
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => arbitraryOf(a, depth + 1)));
  if (s.allOf?.length) return arbitraryOf(Object.assign({}, ...s.allOf), depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') ?? 'null' : s.type;
  let typed: fc.Arbitrary<unknown>;
  switch (type) {
    case 'string': typed = stringOf(s); break;
    case 'integer': typed = fc.integer({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e9 }); break;
    case 'number': typed = fc.oneof(fc.double({ noNaN: true }), fc.integer()); break;
    case 'boolean': typed = fc.boolean(); break;
    case 'null': typed = fc.constant(null); break;
    case 'array': typed = fc.array(arbitraryOf(s.items, depth + 1), { maxLength: 5 }); break;
    case 'object': {
      const props = s.properties ?? {};
      const keys = Object.keys(props);
      const record = fc.record(Object.fromEntries(keys.map((k) => [k, arbitraryOf(props[k], depth + 1)])), { requiredKeys: [] });
      typed = fc.tuple(record, fc.option(fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra'), { nil: undefined }), hostileValue)
        .map(([obj, key, v]) => {
          if (!key) return obj;
          const out = JSON.parse(JSON.stringify(obj)) as Record<string, unknown>;
          Object.defineProperty(out, key, { value: v, enumerable: true, configurable: true, writable: true });
          return out;
        });
      break;
    }
    default: typed = fc.oneof(fc.string(), fc.integer(), fc.boolean());
  }
  return fc.oneof({ weight: 6, arbitrary: typed }, { weight: 1, arbitrary: hostileValue });
}

/** Whole bodies: mostly shaped by the schema, sometimes wrong at the top (deep nesting, an array, a string). */
export function bodyArbitrary(schema: z.ZodType | undefined): fc.Arbitrary<unknown> {
  let json: JsonSchema | undefined;
  try {
    json = schema ? (z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as JsonSchema) : undefined;
  } catch {
    json = undefined;
  }
  return fc.oneof(
    { weight: 8, arbitrary: arbitraryOf(json ?? { type: 'object', properties: {} }) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(deep(1_000), [deep(50)], 'just a string', 42, null, [], HOSTILE_STRINGS[4]) },
  );
}

/** A query string: the schema's fields (if any) plus sometimes a hostile parameter. */
export function queryArbitrary(schema: z.ZodType | undefined): fc.Arbitrary<string> {
  if (!schema) return fc.oneof({ weight: 3, arbitrary: fc.constant('') }, { weight: 1, arbitrary: hostileString.map((h) => `q=${encodeHostile(h.slice(0, 4000))}`) });
  return bodyArbitrary(schema).map((v) => {
    const q = new URLSearchParams();
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [k, val] of Object.entries(v)) q.append(k, wellFormed(typeof val === 'string' ? val.slice(0, 4000) : jsonText(val ?? '').slice(0, 4000)));
    } else q.append('q', wellFormed(String(v).slice(0, 4000)));
    return q.toString();
  });
}

/**
 * Percent-encodes any string, lone surrogates included (encodeURIComponent throws on them): a lone surrogate goes out
 * as its WTF-8 bytes, which are not valid UTF-8, as a hostile client would send them.
 */
export function encodeHostile(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff;
    if (pair) { out += encodeURIComponent(s.slice(i, i + 2)); i++; continue; }
    if (c >= 0xd800 && c <= 0xdfff) { out += `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`.toUpperCase(); continue; }
    out += encodeURIComponent(s[i]!);
  }
  return out;
}

/** URLSearchParams cannot carry a lone surrogate: it becomes U+FFFD (the path parameters carry them raw). */
const wellFormed = (s: string) => s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/** JSON text of a value: JSON.stringify turns a lone surrogate into an escape (\ud800) as a client would send it. */
export function jsonText(v: unknown): string {
  try {
    return JSON.stringify(v) ?? 'null';
  } catch {
    return '"unstringifiable"';
  }
}
