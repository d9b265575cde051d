// Test-only helpers: import from '@brokerage/nest-common/testing' (never from service code).
export { signIdentity, identityHeader, signServiceToken, serviceKeyOf, forgeServiceToken, signTestJwt, type TestIdentity, type SignOptions } from './sign-identity.js';
export { generateTestKey } from './test-keys.js';
export { DEMO_IDENTITIES, serviceIdentity } from './demo-identities.js';
export { createTestApp, waitFor, type TestApp } from './test-app.js';
export { expectHealthy, expectUnauthenticated, expectForbidden, expectInternalOnlyOnInternalPort, internalRequest } from './expectations.js';
export { listRouteAccess, routesWithoutAccessRule, serviceRoutesWithoutCallers, expectEveryRouteHasAccessRule, expectInternalCallersEnforced, type RouteAccess } from './route-access.js';
export { routeDefinitionProblems, expectRoutesMatchDefinitions } from './route-definitions.js';
export { hearListingEvents, type ListingEventsEar } from './listing-events.js';
export { acrossMigration } from './migration.js';
export { listenAsUpstream, journeyAt } from './upstream-stub.js';
