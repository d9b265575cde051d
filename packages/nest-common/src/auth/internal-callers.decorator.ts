import { applyDecorators, SetMetadata } from '@nestjs/common';
import type { ServiceName } from '@brokerage/contracts';
import { Roles } from './roles.decorator.js';

export const INTERNAL_CALLERS_KEY = 'brokerage:internal-callers';

/**
 * An internal route (`/internal/*`) and the services that may call it: `@InternalCallers('listings', 'documents')`.
 * Implies `@Roles('SERVICE')`; a service token of any other service answers 403 (RolesGuard), as does a SERVICE route
 * without this decorator. The caller is the service its verified token's key belongs to (kid `service-<name>-…`).
 */
export const InternalCallers = (...callers: [ServiceName, ...ServiceName[]]) =>
  applyDecorators(Roles('SERVICE'), SetMetadata(INTERNAL_CALLERS_KEY, callers));
