import { BadRequestException, Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { z } from 'zod';
import { assertCleanInput } from './hostile-input.js';

type AnySchema = z.ZodType;

// A missing field the schema gave no message for reads "<field> is required", not zod's "Invalid input: expected
// string, received undefined". Schema-level messages (the spec's texts in contracts) still win.
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined && issue.path?.length ? `${String(issue.path.at(-1))} is required` : undefined,
});

/**
 * Throws 400 {message: first issue's message, field?} when value does not match schema; returns the parsed value.
 * First refuses what no schema accepts (NUL, lone surrogates, prototype keys, deep nesting: hostile-input.ts), so
 * values read by a route itself (multipart fields) get the same 400 as JSON bodies.
 */
export function parseWith<S extends AnySchema>(schema: S, value: unknown): z.output<S> {
  assertCleanInput(value);
  return parseChecked(schema, value);
}

function parseChecked<S extends AnySchema>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path?.length ? issue.path.map(String).join('.') : undefined;
  const message =
    issue?.code === 'invalid_type' && (value === undefined || value === null || typeof value !== 'object')
      ? 'Invalid request body'
      : (issue?.message ?? 'Invalid request');
  throw new BadRequestException(field ? { message, field } : { message });
}

/**
 * A DTO class carrying its zod schema; the global ZodValidationPipe validates parameters typed with it and
 * configureApp gives the same schema to the route's OpenAPI (http/zod-openapi.ts).
 */
export interface ZodDtoClass<S extends AnySchema = AnySchema> {
  new (): z.output<S>;
  zodSchema: S;
}

/** `class CreateThingDto extends createZodDto(schema) {}` → usable as a @Body() type, validated globally. */
export function createZodDto<S extends AnySchema>(schema: S): ZodDtoClass<S> {
  class ZodDto {
    static zodSchema = schema;
  }
  return ZodDto as unknown as ZodDtoClass<S>;
}

/**
 * Global pipe: refuses hostile input in every body, query and path parameter, whatever its type (hostile-input.ts;
 * configureApp's middleware already checked body and query before routing), then validates any parameter whose
 * declared type was made with createZodDto.
 */
@Injectable()
export class ZodValidationPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type !== 'custom') assertCleanInput(value, metadata.data ? [metadata.data] : []);
    const schema = (metadata.metatype as Partial<ZodDtoClass> | undefined)?.zodSchema;
    return schema ? parseChecked(schema, value) : value;
  }
}
