export { PeopleManagementPage } from './components/PeopleManagementPage';
export { AssignedPeoplePage } from './components/AssignedPeoplePage';
export { peopleQuery, type PeopleKind } from './api/people';
