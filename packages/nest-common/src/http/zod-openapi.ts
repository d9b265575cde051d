import type { INestApplication } from '@nestjs/common';
import { ROUTE_ARGS_METADATA, PARAMTYPES_METADATA } from '@nestjs/common/constants.js';
import { ApiResponse, type SwaggerDocumentOptions } from '@nestjs/swagger';
import { z } from 'zod';
import type { ZodDtoClass } from './zod-validation.js';

type Json = Record<string, unknown>;
type SchemaConverter = NonNullable<SwaggerDocumentOptions['standardSchemaConverter']>;

const isZodSchema = (value: unknown): value is z.ZodType => !!value && typeof value === 'object' && '_zod' in value;

/**
 * zod 4 → OpenAPI 3.0 schema for @nestjs/swagger: the request side as clients send it (`input`), the response side as
 * the service answers (`output`). Dates become date-time strings; transforms and refinements are described by what
 * they accept instead of failing the whole document.
 */
export const zodSchemaConverter: SchemaConverter = (schema, { schemaType }) => {
  if (!isZodSchema(schema)) return undefined;
  const json = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io: schemaType,
    unrepresentable: 'any',
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === 'date') Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
    },
  }) as Json;
  const { definitions, $defs, $schema: _ignored, ...root } = json;
  return { schema: root, components: (definitions ?? $defs ?? {}) as Json };
};

/**
 * Gives every @Body()/@Query()/@Param() typed with a createZodDto class its zod schema in the route's parameter
 * metadata, which is where @nestjs/swagger reads a request schema from (the validation itself stays the global pipe's).
 */
export function attachZodSchemasToRoutes(app: INestApplication): void {
  const container = (app as unknown as { container: { getModules(): Map<string, { controllers: Map<unknown, { metatype: unknown }> }> } }).container;
  for (const moduleRef of container.getModules().values()) {
    for (const wrapper of moduleRef.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (typeof controller !== 'function') continue;
      for (const method of Object.getOwnPropertyNames(controller.prototype)) {
        const args = Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) as Record<string, { index: number; schema?: unknown }> | undefined;
        if (!args) continue;
        const types = (Reflect.getMetadata(PARAMTYPES_METADATA, controller.prototype, method) ?? []) as Array<Partial<ZodDtoClass> | undefined>;
        for (const arg of Object.values(args)) {
          const zodSchema = types[arg.index]?.zodSchema;
          if (zodSchema && !arg.schema) arg.schema = zodSchema;
        }
      }
    }
  }
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content', 400: 'Invalid request', 401: 'Authentication required',
  403: 'Forbidden', 404: 'Not found', 409: 'Conflict',
};

/** Documents one answer of a route with its zod schema (or createZodDto class): `@ApiZodResponse(200, listingSchema)`. */
export function ApiZodResponse(status: number, schema: z.ZodType | ZodDtoClass, description?: string): MethodDecorator & ClassDecorator {
  const standardSchema = isZodSchema(schema) ? schema : schema.zodSchema;
  return ApiResponse({ status, description: description ?? STATUS_TEXT[status] ?? String(status), standardSchema });
}
