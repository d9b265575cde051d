import { Injectable } from '@nestjs/common';
import type {
  AgentStatsResponse,
  AgentsWithStatsResponse,
  BuyerDashboardResponse,
  IdentityClaims,
  SellerDashboardResponse,
  StaffDashboardResponse,
} from '@brokerage/contracts';
import { IdentityUsersClient } from '../identity/identity-users.client.js';
import { JourneysService } from '../journeys/journeys.service.js';
import { ListingsMemo } from '../listings/listings-memo.js';
import { ListingsRepository } from '../listings/listings.repository.js';
import { DashboardsRepository } from './dashboards.repository.js';

@Injectable()
export class DashboardsService {
  constructor(
    private readonly repo: DashboardsRepository,
    private readonly journeys: JourneysService,
    private readonly listings: ListingsRepository,
    private readonly identity: IdentityUsersClient,
    private readonly memo: ListingsMemo,
  ) {}

  async seller(user: IdentityClaims): Promise<SellerDashboardResponse> {
    const [p, counts] = await Promise.all([this.journeys.progress(user), this.repo.sellerBuyerCount(user.sub)]);
    return { stats: { currentStep: p.currentStep, totalSteps: p.totalSteps, completedSteps: p.completedSteps, ...counts } };
  }

  async buyer(user: IdentityClaims): Promise<BuyerDashboardResponse> {
    const [p, availableListings] = await Promise.all([this.journeys.progress(user), this.listings.countAvailableFor(user.sub)]);
    return { stats: { currentStep: p.currentStep, totalSteps: p.totalSteps, completedSteps: p.completedSteps, availableListings } };
  }

  async staff(user: IdentityClaims): Promise<StaffDashboardResponse> {
    const agentId = user.role === 'AGENT' ? user.sub : null;
    // "this month" and "this year" (UTC) are part of the key: a new month counts afresh
    const key = `staff:${agentId ?? 'all'}:${new Date().toISOString().slice(0, 7)}`;
    return { stats: await this.memo.get(key, () => this.repo.staffStats(agentId)) };
  }

  async agentStats(agentId: string): Promise<AgentStatsResponse> {
    const stats = await this.repo.agentStats([agentId]);
    return { stats: stats.get(agentId)! };
  }

  async agentsWithStats(): Promise<AgentsWithStatsResponse> {
    const agents = await this.identity.byRole('AGENT');
    const stats = await this.repo.agentStats(agents.map((a) => a.id));
    return {
      agents: agents.map((a) => ({
        id: a.id,
        name: a.name,
        email: a.email,
        phone: a.phone,
        isActive: a.isActive,
        createdAt: a.createdAt,
        stats: stats.get(a.id)!,
      })),
    };
  }
}
