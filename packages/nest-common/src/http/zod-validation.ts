import { BadRequestException, Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { z } from 'zod';

type AnySchema = z.ZodType;

// A missing field the schema gave no message for reads "<field> is required", not zod's "Invalid input: expected
// string, received undefined". Schema-level messages (the spec's texts in contracts) still win.
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined && issue.path?.length ? `${String(issue.path.at(-1))} is required` : undefined,
});

/** Throws 400 {message: first issue's message, field?} when value does not match schema; returns the parsed value. */
export function parseWith<S extends AnySchema>(schema: S, value: unknown): z.output<S> {
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

/** Global pipe: validates any parameter whose declared type was made with createZodDto. */
@Injectable()
export class ZodValidationPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const schema = (metadata.metatype as Partial<ZodDtoClass> | undefined)?.zodSchema;
    return schema ? parseWith(schema, value) : value;
  }
}
