import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '@brokerage/nest-common';
import type {
  AgentStatsResponse,
  AgentsWithStatsResponse,
  BuyerDashboardResponse,
  IdentityClaims,
  SellerDashboardResponse,
  StaffDashboardResponse,
} from '@brokerage/contracts';
import { AgentIdParams } from './dto/dashboard.dto.js';
import { DashboardsService } from './dashboards.service.js';

/** The dashboards of every portal and the broker's per-agent stats (spec part 2 §2, part 3 §2-3). */
@ApiTags('dashboards')
@Controller()
export class DashboardsController {
  constructor(private readonly dashboards: DashboardsService) {}

  @Get('seller/dashboard')
  @Roles('SELLER')
  seller(@CurrentUser() user: IdentityClaims): Promise<SellerDashboardResponse> {
    return this.dashboards.seller(user);
  }

  @Get('buyer/dashboard')
  @Roles('BUYER')
  buyer(@CurrentUser() user: IdentityClaims): Promise<BuyerDashboardResponse> {
    return this.dashboards.buyer(user);
  }

  @Get('broker/dashboard')
  @Roles('BROKER')
  broker(@CurrentUser() user: IdentityClaims): Promise<StaffDashboardResponse> {
    return this.dashboards.staff(user);
  }

  @Get('agent/dashboard')
  @Roles('AGENT')
  agent(@CurrentUser() user: IdentityClaims): Promise<StaffDashboardResponse> {
    return this.dashboards.staff(user);
  }

  @Get('broker/agent/:id/stats')
  @Roles('BROKER')
  agentStats(@Param() p: AgentIdParams): Promise<AgentStatsResponse> {
    return this.dashboards.agentStats(p.id);
  }

  @Get('broker/agents-with-stats')
  @Roles('BROKER')
  agentsWithStats(): Promise<AgentsWithStatsResponse> {
    return this.dashboards.agentsWithStats();
  }
}
