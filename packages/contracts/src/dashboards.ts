/**
 * Dashboards (spec part 2 §2-3, part 3 §2-3). Deviation 5: every figure is real (counted on the server), never random;
 * zero where there is no data.
 */

/**
 * GET /seller/dashboard → {stats}. currentStep is the 0-based index of the selected listing's journey (the screen shows
 * currentStep + 1 "of totalSteps"); totalBuyers counts the buyer parties (interested or approved) of the seller's listings.
 */
export interface SellerDashboardResponse {
  stats: {
    currentStep: number;
    totalSteps: number;
    completedSteps: number;
    totalBuyers: number;
    totalListings: number;
  };
}

/** GET /buyer/dashboard → {stats}. availableListings counts ACTIVE listings the buyer may select. */
export interface BuyerDashboardResponse {
  stats: {
    currentStep: number;
    totalSteps: number;
    completedSteps: number;
    availableListings: number;
  };
}

/**
 * GET /broker/dashboard and /agent/dashboard (the agent's scoped to listings assigned to them) → {stats}.
 * - totalActiveListings: status ACTIVE
 * - totalUnderContract: status UNDER_CONTRACT
 * - newListingsThisMonth: created since the first day of the current month (UTC)
 * - totalNDA: signed buyer NDAs on those listings
 * - totalClosedDeals: listings whose closedAt falls in the current calendar year (UTC), YTD
 */
export interface StaffDashboardStats {
  totalActiveListings: number;
  totalUnderContract: number;
  newListingsThisMonth: number;
  totalNDA: number;
  totalClosedDeals: number;
}
export interface StaffDashboardResponse {
  stats: StaffDashboardStats;
}

/**
 * GET /broker/agent/{id}/stats → {stats}: numberOfListings (assigned, archived excluded), numberUnderContract,
 * closingsToDate (all CLOSED listings of the agent, any year).
 */
export interface AgentStats {
  numberOfListings: number;
  numberUnderContract: number;
  closingsToDate: number;
}
export interface AgentStatsResponse {
  stats: AgentStats;
}
