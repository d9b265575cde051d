import { SetMetadata } from '@nestjs/common';
import type { IdentityClaims } from '@brokerage/contracts';

export const ROLES_KEY = 'brokerage:roles';
export type AllowedRole = IdentityClaims['role'];

/** Only callers whose identity has one of these roles may use the route (403 otherwise). */
export const Roles = (...roles: AllowedRole[]) => SetMetadata(ROLES_KEY, roles);
