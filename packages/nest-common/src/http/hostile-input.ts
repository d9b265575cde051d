import { BadRequestException } from '@nestjs/common';
import { INPUT_MAX_DEPTH, INPUT_MSG } from '@brokerage/contracts';

/** Why a value is refused: the 400 body ({message, field?}). */
export interface HostileInput {
  message: string;
  field?: string;
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (matched on UTF-16 code units). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return INPUT_MSG.nul;
  if (LONE_SURROGATE.test(text)) return INPUT_MSG.loneSurrogate;
  return null;
}

const fieldOf = (path: readonly (string | number)[]): string | undefined => (path.length ? path.map(String).join('.') : undefined);

/**
 * The first thing in a request value no route accepts: a NUL character (PostgreSQL refuses 0x00 in text), a lone UTF-16
 * surrogate, a `__proto__`/`constructor`/`prototype` key, or nesting deeper than INPUT_MAX_DEPTH. Keys are checked like
 * values. Iterative, so a 10,000-level body cannot exhaust the stack. `null` when the value is clean.
 */
export function findHostileInput(value: unknown, rootPath: readonly (string | number)[] = []): HostileInput | null {
  const stack: Array<{ value: unknown; path: readonly (string | number)[]; depth: number }> = [{ value, path: rootPath, depth: 0 }];
  while (stack.length) {
    const item = stack.pop()!;
    const v = item.value;
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) return { message: problem, field: fieldOf(item.path) };
      continue;
    }
    if (v === null || typeof v !== 'object' || Buffer.isBuffer(v)) continue;
    if (item.depth >= INPUT_MAX_DEPTH) return { message: INPUT_MSG.tooDeep };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: [...item.path, i], depth: item.depth + 1 });
      continue;
    }
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      if (RESERVED_KEYS.has(key)) return { message: INPUT_MSG.reservedKey, field: fieldOf([...item.path, key]) };
      const keyProblem = textProblem(key);
      // the key itself cannot be echoed as a field name: report where it sits
      if (keyProblem) return { message: keyProblem, field: fieldOf(item.path) };
      stack.push({ value: (v as Record<string, unknown>)[key], path: [...item.path, key], depth: item.depth + 1 });
    }
  }
  return null;
}

/** Throws 400 {message, field?} when findHostileInput finds something in value. */
export function assertCleanInput(value: unknown, rootPath: readonly (string | number)[] = []): void {
  const found = findHostileInput(value, rootPath);
  if (found) throw new BadRequestException(found.field ? { message: found.message, field: found.field } : { message: found.message });
}

interface EdgeRequest {
  body?: unknown;
  query?: unknown;
  path?: string;
}

/**
 * Express middleware run after the JSON parser, before any route: the parsed body, the query string and the path's
 * segments of every request are checked with findHostileInput (400 {message, field}). Path parameters are checked again
 * by the global pipe, which knows their names. Multipart fields are read by the route itself: parseWith checks them.
 */
export function hostileInputMiddleware(req: EdgeRequest, _res: unknown, next: (err?: unknown) => void): void {
  try {
    assertCleanInput(req.body);
    assertCleanInput(req.query);
    const path = req.path ?? '';
    if (path.includes('%')) {
      for (const segment of path.split('/')) {
        let decoded: string;
        try {
          decoded = decodeURIComponent(segment);
        } catch {
          continue; // not percent-encoded UTF-8: the router answers it as it always did
        }
        assertCleanInput(decoded);
      }
    }
    next();
  } catch (err) {
    next(err);
  }
}
