import { userIdParamsSchema } from '../admin.js';
import { createListingSchema, listingIdParamsSchema, updateListingSchema } from '../listings.js';
import { brokerAgentResponseSchema, brokerAgentsResponseSchema, personActionResponseSchema } from '../people.js';
import { agentIdParamsSchema } from '../staff-views.js';
import { BROKER, listingIn, route, userIn } from './define.js';

const L = { service: 'listings', roles: BROKER, spec: 'p3§7' } as const;
const I = { service: 'identity', roles: BROKER, spec: 'p3§7' } as const;

/** Part 3 §7: what only the broker does (listings, agents, people). */
export const BROKER_API = [
  route({ method: 'POST', path: '/broker/listings', body: createListingSchema, ...L, relation: 'staff', summary: 'Create a listing.' }),
  route({ method: 'PUT', path: '/broker/listings/:id', body: updateListingSchema, params: listingIdParamsSchema, ...L, relation: 'listing', object: listingIn('id'), summary: 'Edit a listing.' }),
  route({ method: 'PATCH', path: '/broker/listings/:id/archive', params: listingIdParamsSchema, ...L, relation: 'listing', object: listingIn('id'), summary: 'Archive a listing.' }),
  route({ method: 'PATCH', path: '/broker/listings/:id/reactivate', params: listingIdParamsSchema, ...L, relation: 'listing', object: listingIn('id'), summary: 'Reactivate an archived listing.' }),
  route({ method: 'DELETE', path: '/broker/listings/:id', params: listingIdParamsSchema, ...L, relation: 'listing', object: listingIn('id'), summary: 'Delete a listing and everything filed under it.' }),
  route({ method: 'GET', path: '/broker/agent/:id/stats', params: agentIdParamsSchema, ...L, relation: 'user', object: userIn('id'), summary: "An agent's listing statistics." }),
  route({ method: 'GET', path: '/broker/agents-with-stats', ...L, relation: 'staff', summary: 'Every agent with their statistics.' }),
  route({ method: 'GET', path: '/broker/agents', response: brokerAgentsResponseSchema, ...I, relation: 'staff', summary: 'The agents.' }),
  route({ method: 'GET', path: '/broker/agent/:id', params: userIdParamsSchema, response: brokerAgentResponseSchema, ...I, relation: 'user', object: userIn('id'), summary: 'One agent.' }),
  route({ method: 'DELETE', path: '/broker/agent/:id', params: userIdParamsSchema, response: personActionResponseSchema, ...I, relation: 'user', object: userIn('id'), summary: 'Delete an agent (their listings keep no agent).' }),
  route({ method: 'DELETE', path: '/broker/sellers/:id', params: userIdParamsSchema, response: personActionResponseSchema, ...I, relation: 'user', object: userIn('id'), summary: 'Delete a seller (their listings go).' }),
  route({ method: 'DELETE', path: '/broker/buyers/:id', params: userIdParamsSchema, response: personActionResponseSchema, ...I, relation: 'user', object: userIn('id'), summary: 'Delete a buyer (they leave every listing).' }),
  route({ method: 'PATCH', path: '/broker/sellers/:id/archive', params: userIdParamsSchema, response: personActionResponseSchema, ...I, relation: 'user', object: userIn('id'), summary: 'Archive a seller (sessions end).' }),
  route({ method: 'PATCH', path: '/broker/sellers/:id/reactivate', params: userIdParamsSchema, response: personActionResponseSchema, ...I, relation: 'user', object: userIn('id'), summary: 'Reactivate a seller.' }),
  route({ method: 'PATCH', path: '/broker/buyers/:id/archive', params: userIdParamsSchema, response: personActionResponseSchema, ...I, relation: 'user', object: userIn('id'), summary: 'Archive a buyer (sessions end).' }),
  route({ method: 'PATCH', path: '/broker/buyers/:id/reactivate', params: userIdParamsSchema, response: personActionResponseSchema, ...I, relation: 'user', object: userIn('id'), summary: 'Reactivate a buyer.' }),
] as const;
