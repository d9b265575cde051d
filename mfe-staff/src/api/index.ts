export { useStaffArea, type StaffArea } from './area';
/** The server's own message of a 4xx answer, else undefined: callers add the spec's text (`serverMessage(e) ?? '…'`). */
export { serverMessage } from '@brokerage/api-client';
