import { checklistHistoryResponseSchema, checklistItemBodySchema, checklistListingParamsSchema, checklistResponseSchema } from '../checklists.js';
import { AGENT, BROKER, BUYER, LISTING, listingIn, route, SELLER } from './define.js';

/** The shared pre-close checklist (issue 10 §1): checklists owns every …/pre-close-checklist route. */
const PRE_CLOSE_STEP = 8;
const ROLE_OF = { seller: SELLER, buyer: BUYER, broker: BROKER, agent: AGENT } as const;

function listingChecklist<const A extends keyof typeof ROLE_OF>(area: A) {
  const client = area === 'seller' || area === 'buyer';
  const step = client ? { step: PRE_CLOSE_STEP } : {};
  const common = { service: 'checklists', roles: ROLE_OF[area], relation: 'listing', object: listingIn('listingId'), spec: 'p2§7 p3§7' } as const;
  return [
    route({ method: 'GET', path: `/${area}/listings/:listingId/pre-close-checklist`, params: checklistListingParamsSchema, response: checklistResponseSchema, ...common, summary: "The listing's pre-close checklist." }),
    route({ method: 'PUT', path: `/${area}/listings/:listingId/pre-close-checklist`, body: checklistItemBodySchema, params: checklistListingParamsSchema, response: checklistResponseSchema, ...common, ...step, summary: 'Tick or untick one item of the listing\'s checklist ({categoryId, itemId}).' }),
    route({ method: 'PUT', path: `/${area}/listings/:listingId/pre-close-checklist/item`, body: checklistItemBodySchema, params: checklistListingParamsSchema, response: checklistResponseSchema, ...common, ...step, summary: 'Same as PUT …/pre-close-checklist.' }),
  ] as const;
}

function checklistHistory<const A extends 'broker' | 'agent'>(area: A) {
  return route({
    method: 'GET', path: `/${area}/listings/:listingId/pre-close-checklist/history`, params: checklistListingParamsSchema, response: checklistHistoryResponseSchema, service: 'checklists', roles: ROLE_OF[area], relation: 'listing',
    object: listingIn('listingId'), spec: 'p3§7', defined: 'staff read the flips of a listing\'s checklist (issue 10 §1)', summary: 'Who ticked what on the listing\'s checklist, newest first.',
  });
}

const selected = { service: 'checklists', relation: 'listing', object: LISTING, spec: 'p2§7' } as const;

export const CHECKLISTS_API = [
  ...listingChecklist('seller'),
  ...listingChecklist('buyer'),
  ...listingChecklist('broker'),
  ...listingChecklist('agent'),
  checklistHistory('broker'),
  checklistHistory('agent'),
  route({ method: 'GET', path: '/seller/pre-close-checklist', response: checklistResponseSchema, roles: SELLER, ...selected, summary: "The checklist of the seller's selected listing." }),
  route({ method: 'GET', path: '/buyer/pre-close-checklist', response: checklistResponseSchema, roles: BUYER, ...selected, summary: "The checklist of the buyer's selected listing." }),
  route({ method: 'PUT', path: '/seller/pre-close-checklist', body: checklistItemBodySchema, response: checklistResponseSchema, roles: SELLER, ...selected, step: PRE_CLOSE_STEP, summary: "Tick or untick an item on the seller's selected listing." }),
  route({ method: 'PUT', path: '/buyer/pre-close-checklist', body: checklistItemBodySchema, response: checklistResponseSchema, roles: BUYER, ...selected, step: PRE_CLOSE_STEP, summary: "Tick or untick an item on the buyer's selected listing." }),
] as const;
