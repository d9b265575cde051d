// The role table lives once, in contracts (its roles module is zod-free, so browser bundles stay light).
export { ROLES, ROLE_HOME, normalizeRole, type Role } from '@brokerage/contracts/roles';
