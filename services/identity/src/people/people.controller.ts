import { ApiTags } from '@nestjs/swagger';
import { Controller, Delete, Get, HttpCode, Param, Patch } from '@nestjs/common';
import {
  PEOPLE_MSG,
  brokerAgentResponseSchema,
  brokerAgentsResponseSchema,
  personActionResponseSchema,
  type BrokerAgentResponse,
  type BrokerAgentsResponse,
  type IdentityClaims,
  type PersonActionResponse,
} from '@brokerage/contracts';
import { ApiZodResponse, CurrentUser, Roles } from '@brokerage/nest-common';
import { toPerson } from '../users/user.mapper.js';
import { PersonParams } from './dto/people.dto.js';
import { PeopleService, type Target } from './people.service.js';

const AGENTS: Target = { roles: ['AGENT'], notFoundMessage: PEOPLE_MSG.agentNotFound };
const SELLERS: Target = { roles: ['SELLER'], notFoundMessage: PEOPLE_MSG.sellerNotFound };
const BUYERS: Target = { roles: ['BUYER'], notFoundMessage: PEOPLE_MSG.buyerNotFound };

/** The broker's people as users (spec part 3 §7 Broker). Their listings and stats are the listings service's routes. */
@ApiTags('people')
@Controller('broker')
export class PeopleController {
  constructor(private readonly people: PeopleService) {}

  @Get('agents')
  @Roles('BROKER')
  @ApiZodResponse(200, brokerAgentsResponseSchema)
  async agents(): Promise<BrokerAgentsResponse> {
    return { agents: await this.people.list('AGENT') };
  }

  @Get('agent/:id')
  @Roles('BROKER')
  @ApiZodResponse(200, brokerAgentResponseSchema)
  async agent(@Param() p: PersonParams): Promise<BrokerAgentResponse> {
    return { agent: toPerson(await this.people.get(p.id, AGENTS)) };
  }

  /** The agent's sellers fall back to no agent (the broker); listings reassigns their listings on user.deleted. */
  @Delete('agent/:id')
  @Roles('BROKER')
  @HttpCode(200)
  @ApiZodResponse(200, personActionResponseSchema)
  async deleteAgent(@Param() p: PersonParams, @CurrentUser() me: IdentityClaims): Promise<PersonActionResponse> {
    await this.people.delete(p.id, AGENTS, me.sub);
    return { message: PEOPLE_MSG.agentDeleted };
  }

  @Patch('sellers/:id/archive')
  @Roles('BROKER')
  @ApiZodResponse(200, personActionResponseSchema)
  async archiveSeller(@Param() p: PersonParams, @CurrentUser() me: IdentityClaims): Promise<PersonActionResponse> {
    return { message: PEOPLE_MSG.sellerArchived, user: toPerson(await this.people.setActive(p.id, false, SELLERS, me.sub)) };
  }

  @Patch('sellers/:id/reactivate')
  @Roles('BROKER')
  @ApiZodResponse(200, personActionResponseSchema)
  async reactivateSeller(@Param() p: PersonParams, @CurrentUser() me: IdentityClaims): Promise<PersonActionResponse> {
    return { message: PEOPLE_MSG.sellerReactivated, user: toPerson(await this.people.setActive(p.id, true, SELLERS, me.sub)) };
  }

  @Delete('sellers/:id')
  @Roles('BROKER')
  @HttpCode(200)
  @ApiZodResponse(200, personActionResponseSchema)
  async deleteSeller(@Param() p: PersonParams, @CurrentUser() me: IdentityClaims): Promise<PersonActionResponse> {
    await this.people.delete(p.id, SELLERS, me.sub);
    return { message: PEOPLE_MSG.sellerDeleted };
  }

  @Patch('buyers/:id/archive')
  @Roles('BROKER')
  @ApiZodResponse(200, personActionResponseSchema)
  async archiveBuyer(@Param() p: PersonParams, @CurrentUser() me: IdentityClaims): Promise<PersonActionResponse> {
    return { message: PEOPLE_MSG.buyerArchived, user: toPerson(await this.people.setActive(p.id, false, BUYERS, me.sub)) };
  }

  @Patch('buyers/:id/reactivate')
  @Roles('BROKER')
  @ApiZodResponse(200, personActionResponseSchema)
  async reactivateBuyer(@Param() p: PersonParams, @CurrentUser() me: IdentityClaims): Promise<PersonActionResponse> {
    return { message: PEOPLE_MSG.buyerReactivated, user: toPerson(await this.people.setActive(p.id, true, BUYERS, me.sub)) };
  }

  @Delete('buyers/:id')
  @Roles('BROKER')
  @HttpCode(200)
  @ApiZodResponse(200, personActionResponseSchema)
  async deleteBuyer(@Param() p: PersonParams, @CurrentUser() me: IdentityClaims): Promise<PersonActionResponse> {
    await this.people.delete(p.id, BUYERS, me.sub);
    return { message: PEOPLE_MSG.buyerDeleted };
  }
}
