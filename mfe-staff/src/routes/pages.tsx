import { lazy, type ComponentType } from 'react';

// Each screen is its own chunk: a broker opening the dashboard does not download the listing form.
const page = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) =>
  lazy(async () => ({ default: pick(await load()) }));

const dashboard = () => import('../features/dashboard');
const agents = () => import('../features/agents');
const listings = () => import('../features/listings');
const people = () => import('../features/people');
const admin = () => import('../features/admin');
const clientListing = () => import('../features/client-listing');
const documents = () => import('../features/documents');
const questions = () => import('../features/questions');

export const DashboardPage = page(dashboard, (m) => m.DashboardPage);
export const AgentsPage = page(agents, (m) => m.AgentsPage);
export const ListingsPage = page(listings, (m) => m.ListingsPage);
export const AssignedListingsPage = page(listings, (m) => m.AssignedListingsPage);
export const SellersPage = page(people, (m) => () => <m.PeopleManagementPage kind="sellers" />);
export const BuyersPage = page(people, (m) => () => <m.PeopleManagementPage kind="buyers" />);
export const AssignedSellersPage = page(people, (m) => () => <m.AssignedPeoplePage kind="sellers" />);
export const AssignedBuyersPage = page(people, (m) => () => <m.AssignedPeoplePage kind="buyers" />);
export const AdminPage = page(admin, (m) => m.AdminPage);
export const SellerListingPage = page(clientListing, (m) => () => <m.ClientListingPage kind="sellers" />);
export const BuyerListingPage = page(clientListing, (m) => () => <m.ClientListingPage kind="buyers" />);
export const ListingActivityPage = page(documents, (m) => m.ActivityPage);
export const ListingQuestionsPage = page(questions, (m) => m.QuestionsPage);
