// The NDA text lives once in @brokerage/contracts (the portal's online NDA and listings' signature hash use it too).
export { NDA_ACCEPT_LABEL, NDA_CLAUSES, NDA_INTRO, type NdaClause } from '@brokerage/contracts/nda-text';
