import { InternalServerErrorException, Logger } from '@nestjs/common';
import { z } from 'zod';
import { MSG } from '@brokerage/contracts';

/*
 * Raw SQL results, checked (issue 22 §3): a repository keeps its SQL and parses what PostgreSQL answered with a zod
 * row schema, instead of trusting a hand-typed Row interface: `rows(userRow, await ds.query(sql, params))`.
 * What node-postgres gives: timestamptz/timestamp → Date, int2/int4 → number, int8 (bigint, count(*)) and numeric →
 * string, jsonb → the parsed value, uuid/text/varchar → string, boolean → boolean, NULL → null.
 */

const logger = new Logger('SqlRows');

/**
 * A result that does not have the shape the code was written for: a 500 with the generic text (never the SQL, a value
 * or a column), logged with the schema's name and the first issues (paths and expected types only).
 */
export class SqlRowsMismatchError extends InternalServerErrorException {
  constructor(
    readonly label: string,
    readonly issues: readonly string[],
  ) {
    super(MSG.somethingWrong);
  }
}

/** The zod issues as "row 3 created_at: expected date" lines (no input values). */
function describe(error: z.ZodError, max = 5): string[] {
  return error.issues.slice(0, max).map((i) => {
    const [index, ...path] = i.path;
    const where = typeof index === 'number' ? `row ${index}${path.length ? ` ${path.map(String).join('.')}` : ''}` : i.path.map(String).join('.') || 'result';
    return `${where}: ${i.code}${'expected' in i && i.expected ? ` (expected ${String(i.expected)})` : ''}`;
  });
}

/**
 * Every row of a query's result parsed with `schema` (extra columns are dropped by z.object; a missing, null or
 * differently typed one throws SqlRowsMismatchError). `label` names the query in the log (default: the schema's
 * description, else "rows").
 */
export function rows<S extends z.ZodType>(schema: S, result: unknown, label?: string): z.output<S>[] {
  const parsed = z.array(schema).safeParse(result);
  if (parsed.success) return parsed.data;
  const name = label ?? schema.description ?? 'rows';
  const issues = describe(parsed.error);
  logger.error(`SQL result did not match ${name}: ${issues.join('; ')}`);
  throw new SqlRowsMismatchError(name, issues);
}

/** The first row parsed with `schema`, or undefined when the query answered none. */
export function firstRow<S extends z.ZodType>(schema: S, result: unknown, label?: string): z.output<S> | undefined {
  return rows(schema, Array.isArray(result) ? result.slice(0, 1) : result, label)[0];
}

const changeResult = z.tuple([z.array(z.unknown()), z.number().int()]);

/**
 * How many rows an UPDATE or DELETE changed: TypeORM answers those as [returnedRows, rowCount]; anything else (an
 * INSERT's rows, a driver that answers otherwise) throws SqlRowsMismatchError.
 */
export function changedCount(result: unknown, label = 'update/delete result'): number {
  const parsed = changeResult.safeParse(result);
  if (parsed.success) return parsed.data[1];
  const issues = describe(parsed.error);
  logger.error(`SQL result did not match ${label}: ${issues.join('; ')}`);
  throw new SqlRowsMismatchError(label, issues);
}

/**
 * Column types as node-postgres answers them, for row schemas: `count` (int8/numeric, sent as a string) read as a
 * number; `bigintText` kept as the string.
 */
export const sqlColumn = {
  /** int8 or numeric that the code uses as a number (counts, sizes): the string pg sends, as a finite number. */
  count: z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).transform(Number),
  /** timestamptz / timestamp. */
  time: z.date(),
  uuid: z.string(),
} as const;
