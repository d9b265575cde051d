import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '@brokerage/nest-common';
import type { BuyersResponse, IdentityClaims, SellersResponse } from '@brokerage/contracts';
import { PeopleService } from './people.service.js';

/** Sellers and Buyers Management (broker) and My Assigned Sellers / Buyers (agent). Archive/delete are identity's. */
@ApiTags('people')
@Controller()
export class PeopleController {
  constructor(private readonly people: PeopleService) {}

  @Get('broker/sellers')
  @Roles('BROKER')
  brokerSellers(): Promise<SellersResponse> {
    return this.people.sellers(null);
  }

  @Get('broker/buyers')
  @Roles('BROKER')
  brokerBuyers(): Promise<BuyersResponse> {
    return this.people.buyers(null);
  }

  @Get('agent/sellers')
  @Roles('AGENT')
  agentSellers(@CurrentUser() user: IdentityClaims): Promise<SellersResponse> {
    return this.people.sellers(user.sub);
  }

  @Get('agent/buyers')
  @Roles('AGENT')
  agentBuyers(@CurrentUser() user: IdentityClaims): Promise<BuyersResponse> {
    return this.people.buyers(user.sub);
  }
}
