import { z } from 'zod';
import { ROLES } from './roles.js';
import { userManagerSchema } from './admin.js';

/**
 * People: the broker's agents/sellers/buyers as users (identity), the contacts a caller may deal with (/users), and
 * identity's internal user API for other services. Listing data (a seller's listings, agent stats) is the listings
 * service's; it joins these through the internal API below.
 */

export const PEOPLE_MSG = {
  agentNotFound: 'Agent not found',
  sellerNotFound: 'Seller not found',
  buyerNotFound: 'Buyer not found',
  agentDeleted: 'Agent deleted',
  sellerDeleted: 'Seller deleted',
  buyerDeleted: 'Buyer deleted',
  sellerArchived: 'Seller archived',
  sellerReactivated: 'Seller reactivated',
  buyerArchived: 'Buyer archived',
  buyerReactivated: 'Buyer reactivated',
  invalidByRole: 'Invalid role. Use SELLER, BUYER or AGENT.',
} as const;

/** A person as the broker's people screens show them (spec part 3 §3 User, without the password column). */
/** Who a user is (every user shape here starts with these). */
const userIdentityFields = { id: z.string(), name: z.string(), email: z.string(), role: z.enum(ROLES) };
/** A user's account as staff and services see it (never a hash). */
const userAccountFields = { ...userIdentityFields, phone: z.string().nullable(), isActive: z.boolean(), createdAt: z.string() };

export const personSchema = z.object({ ...userAccountFields, manager: userManagerSchema.nullable() });
export type Person = z.infer<typeof personSchema>;

/** GET /broker/agents */
export const brokerAgentsResponseSchema = z.object({ agents: z.array(personSchema) });
export type BrokerAgentsResponse = z.infer<typeof brokerAgentsResponseSchema>;

/** GET /broker/agent/{id} */
export const brokerAgentResponseSchema = z.object({ agent: personSchema });
export type BrokerAgentResponse = z.infer<typeof brokerAgentResponseSchema>;

/** DELETE /broker/agent|sellers|buyers/{id}; PATCH /broker/sellers|buyers/{id}/archive|reactivate */
export const personActionResponseSchema = z.object({ message: z.string(), user: personSchema.optional() });
export type PersonActionResponse = z.infer<typeof personActionResponseSchema>;

/** A contact (GET /users, GET /users/by-role): spec part 3 §7 "users with id, name, manager". */
export const contactSchema = z.object({ ...userIdentityFields, manager: userManagerSchema.nullable().optional() });
export type Contact = z.infer<typeof contactSchema>;
export const contactsResponseSchema = z.object({ users: z.array(contactSchema) });
export type ContactsResponse = z.infer<typeof contactsResponseSchema>;

export const BY_ROLE_ROLES = ['SELLER', 'BUYER', 'AGENT'] as const;
/** GET /users/by-role?role=SELLER|BUYER|AGENT (any case). */
export const usersByRoleQuerySchema = z.object({
  role: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.enum(BY_ROLE_ROLES, { error: PEOPLE_MSG.invalidByRole }),
  ),
});
export type UsersByRoleQuery = z.infer<typeof usersByRoleQuerySchema>;

// ---- identity internal API (service → identity, @Roles('SERVICE')) ----

/** A user as other services see it (never a hash). */
export const internalUserSchema = z.object({ ...userAccountFields, managerId: z.string().nullable(), company: z.string().nullable() });
export type InternalUser = z.infer<typeof internalUserSchema>;
export const internalUsersResponseSchema = z.object({ users: z.array(internalUserSchema) });
export type InternalUsersResponse = z.infer<typeof internalUsersResponseSchema>;

/** POST /internal/users/lookup {ids} → {users} (unknown ids are left out; at most 1000 ids). */
export const internalUsersLookupSchema = z.object({ ids: z.array(z.uuid('Invalid user id')).max(1000, 'Too many ids') });
export type InternalUsersLookupRequest = z.infer<typeof internalUsersLookupSchema>;

/**
 * GET /internal/users?role=SELLER&managerId=…&ids=a,b → {users} (filters combine; at least one is needed, none answers
 * []; active and archived users both, ordered by name). `ids` is the older comma-separated form kept for existing callers.
 */
export const internalUsersQuerySchema = z.object({
  role: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(ROLES, { error: 'Invalid role' })).optional(),
  managerId: z.uuid('Invalid manager id').optional(),
  ids: z.string().max(40_000).optional(),
});
export type InternalUsersQuery = z.infer<typeof internalUsersQuerySchema>;

// ---- listings internal API used by identity (listings → answers) ----

/**
 * GET /internal/relations/{userId} on the listings service → {userIds}: every other party (seller, buyers, agent) of
 * every listing the user is the seller, a buyer or the agent of. Identity uses it to scope /users for agents,
 * sellers and buyers (it filters by role itself).
 */
export const LISTINGS_RELATIONS_PATH = (userId: string) => `/internal/relations/${encodeURIComponent(userId)}`;
export const userRelationsResponseSchema = z.object({ userIds: z.array(z.string()) });
export type UserRelationsResponse = z.infer<typeof userRelationsResponseSchema>;
