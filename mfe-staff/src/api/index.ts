export { useStaffArea, type StaffArea } from './area';
export { serverMessage } from './errors';
