import { ApiTags } from '@nestjs/swagger';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { contactsResponseSchema, internalUsersResponseSchema, type ContactsResponse, type IdentityClaims, type InternalUsersResponse } from '@brokerage/contracts';
import { ApiZodResponse, InternalCallers } from '@brokerage/nest-common';
import { notFound, unauthorized } from '../common/errors.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { PeopleService } from '../people/people.service.js';
import { UsersService } from '../users/users.service.js';
import { toPublicUser } from '../users/user.mapper.js';
import { InternalUsersLookupBody, InternalUsersQueryDto } from './dto/internal-users.dto.js';
import { CreateBuyerBody, ResolveSessionBody, UserIdParams } from './dto/internal-auth.dto.js';
import { InternalUsersService } from './internal-users.service.js';

/** Service-to-service API (never routed by the gateway); each route names the services that call it. */
@ApiTags('internal')
@Controller('internal')
export class InternalController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly users: UsersService,
    private readonly directory: InternalUsersService,
    private readonly people: PeopleService,
  ) {}

  /** The gateway's session lookup: opaque token → claims (+ Redis cache entry for 60 s), or 401. */
  @Post('sessions/resolve')
  @InternalCallers('gateway')
  @HttpCode(200)
  async resolve(@Body() body: ResolveSessionBody): Promise<IdentityClaims> {
    const claims = body.token ? await this.sessions.resolveToken(body.token) : null;
    if (!claims) throw unauthorized();
    return claims;
  }

  /** A BUYER account for the NDA sign-up (the NDA's other side, listings; identity's own sign-up does not call it). */
  @Post('users')
  @InternalCallers('listings')
  @HttpCode(201)
  async createUser(@Body() body: CreateBuyerBody) {
    const user = await this.users.createBuyer(body);
    return { user: toPublicUser(user) };
  }

  /** Compensation of a failed NDA sign-up: a BUYER only, with its sessions and the user.deleted event (404 otherwise). */
  @Delete('users/:id')
  @InternalCallers('listings')
  @HttpCode(200)
  async deleteUser(@Param() params: UserIdParams) {
    const deleted = await this.people.deleteBuyerForService(params.id);
    if (!deleted) throw notFound('User not found');
    return { message: 'User deleted' };
  }

  /** Users by role and/or manager (active and archived), or by the comma-separated `ids` of older callers. */
  @Get('users')
  @InternalCallers('listings', 'messaging', 'checklists')
  @ApiZodResponse(200, internalUsersResponseSchema)
  async listUsers(@Query() q: InternalUsersQueryDto): Promise<InternalUsersResponse> {
    return { users: await this.directory.find(q) };
  }

  /** The users {id} may message (GET /users's rule for that user): messaging checks a recipient with it. */
  @Get('users/:id/contacts')
  @InternalCallers('messaging')
  @ApiZodResponse(200, contactsResponseSchema)
  async contacts(@Param() params: UserIdParams): Promise<ContactsResponse> {
    return { users: await this.users.contactsOfUser(params.id) };
  }

  /** Users by id (unknown ids are left out). */
  @Post('users/lookup')
  @InternalCallers('listings', 'messaging')
  @HttpCode(200)
  @ApiZodResponse(200, internalUsersResponseSchema)
  async lookup(@Body() body: InternalUsersLookupBody): Promise<InternalUsersResponse> {
    return { users: await this.directory.lookup(body.ids) };
  }
}
