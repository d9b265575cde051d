export { PeopleManagementPage } from './components/PeopleManagementPage';
export { AssignedPeoplePage } from './components/AssignedPeoplePage';
export { usePeople, type PeopleKind } from './api/people';
