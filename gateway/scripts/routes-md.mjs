// Writes gateway/ROUTES.md from the route definitions of @brokerage/contracts (run after `npm run build -w packages/contracts`).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_ROUTES } from '@brokerage/contracts';

const ROUTE_TABLE = API_ROUTES.map((r) => ({ ...r, status: 'live' }));
const rolesOf = (r) => (r.roles === 'public' ? 'public' : r.roles.length ? r.roles.join(', ') : 'nobody');

const here = path.dirname(fileURLToPath(import.meta.url));
const rows = ROUTE_TABLE.map((e) => `| ${e.method} | \`${e.path}\` | ${e.service} | ${e.status} | ${rolesOf(e)} | ${e.relation}${e.step !== undefined ? ` (step ${e.step})` : ''} | ${e.multipart ? `${e.bodyLimit ?? 'upload'} stream` : '1 MB'} | ${e.spec} | ${e.defined ?? ''} |`);
const defined = ROUTE_TABLE.filter((e) => e.defined);
const text = `# Gateway route table

Generated from the route definitions in \`packages/contracts/src/api/\` (the gateway's \`src/routes/route-table.ts\`
derives its table from them) by \`node gateway/scripts/routes-md.mjs\` (a test checks it is in step).
Public paths are \`/api\` + the path below; the gateway strips \`/api\` and forwards to the owning service.
Matching is ordered (first match wins), by method and path; \`HEAD\` matches \`GET\`.

- **live**: proxied now (every definition is live; the table's \`planned\` status, answered
  \`501 {"message":"${'This feature is not available yet.'}"}\`, has no route today).
- Unknown path → \`404 {"message":"Not found"}\`; a known path with another method → \`405\`.
- \`/internal/*\` is never routed (404). \`GET /api/health\` is the gateway's own health, \`GET /api/health/<service>\`
  proxies to that service's \`/health\`, \`GET /api/docs\` is the merged OpenAPI of the services that answer.
- Bodies: JSON ≤ 1 MB; other content types are streamed through, ≤ 1 MB, or on multipart routes up to the route's
  total: its definition's \`maxFiles\` × 25 MB plus the fields (contracts \`multipartBodyBytes\`: documents uploads
  100 files, \`/messages/send\` 10), lowered by \`UPLOAD_BODY_LIMIT_MB\` / \`MESSAGE_BODY_LIMIT_MB\` when set; the
  services enforce the per-file 25 MB while they stream. A \`Content-Length\` over the total → \`413\` with
  "This upload is too large: send at most N files of at most 25 MB each" before a byte of the body is read; a
  chunked body that passes it → \`413\` as it does. A streamed body may take longer than \`CLIENT_TIMEOUT_MS\` while
  at least \`STREAM_MIN_BYTES_PER_SECOND\` (16 KiB/s) keep arriving.

## Paths the spec does not show (defined here, same style)

${defined.map((e) => `- \`${e.method} ${e.path}\` → ${e.service}: ${e.defined}.`).join('\n')}

Calls the spec names without a path, mapped to existing paths:
- seller due-diligence upload → \`POST /seller/listings/:id/due-diligence/:docType/upload\`;
- buyer progress service: get progress → \`GET /buyer/progress\`, update step → \`POST /buyer/update-step\`, current listing →
  \`GET /buyer/current-listing\`, listings → \`GET /buyer/listings\`, financial statement → \`/buyer/financial-statement[/save|/submit]\`;
- buyer dashboard data → \`GET /buyer/dashboard\`, select listing → \`POST /buyer/select-listing\`, logout → \`POST /auth/logout\`;
- read-marking → \`PUT /messages/:id/read\` (p3§7 names PUT).

Ownership choices worth knowing:
- \`/broker/agents\`, \`/broker/agent/:id\` (user records) and delete/archive/reactivate of agents, sellers and buyers → identity
  (ARCHITECTURE: identity owns archive/reactivate/delete of users); agent stats, listings, sellers/buyers views → listings.
- Agreements, contracts, CBR/CIM, closing documents, due diligence and every upload/download → documents.
- Every \`…/pre-close-checklist\` route (with or without a listing id) → checklists.
- \`/buyer/email-agent\` → messaging. \`/messages/contact-requests\` (brokers' inbox of contact messages and callback requests) → messaging.
- \`POST /auth/reset-password\` takes \`{email}\` (send link) or \`{token, newPassword}\` (deviation 1); limited to 5/min per IP.
  \`POST /auth/login\` is limited to 10/min per IP + e-mail. Both limits are shared by all gateway replicas through Redis.

## Table (${ROUTE_TABLE.length} entries)

Access: the roles that may call the route, and the relation to what it acts on (contracts \`ApiRelation\`: public, self,
staff, listing (a party of the listing; a buyer only after their NDA for it), listing-card (a buyer before the NDA gets
the public card), document, message, client, user); \`(step N)\`: a client's call acts on journey step N (locked → 409).

| method | path | service | status | roles | relation | body | spec | note |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
fs.writeFileSync(path.join(here, '..', 'ROUTES.md'), text);
console.log(`wrote ROUTES.md (${ROUTE_TABLE.length} entries)`);
