import { BadRequestException, Body, Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

type AnySchema = z.ZodType;

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

/** Pipe validating with a zod schema (see ZodBody). */
@Injectable()
export class ZodSchemaPipe<S extends AnySchema> implements PipeTransform {
  constructor(private readonly schema: S) {}
  transform(value: unknown): z.output<S> {
    return parseWith(this.schema, value);
  }
}

/** `@ZodBody(schema) body: z.output<typeof schema>`: the request body, validated and parsed. */
export const ZodBody = (schema: AnySchema): ParameterDecorator => Body(new ZodSchemaPipe(schema));

/** A DTO class carrying its zod schema; the global ZodValidationPipe validates parameters typed with it. */
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
