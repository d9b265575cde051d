import { ApiTags } from '@nestjs/swagger';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { contactsResponseSchema, internalUsersResponseSchema, type ContactsResponse, type IdentityClaims, type InternalUsersResponse } from '@brokerage/contracts';
import { ApiZodResponse, Roles } from '@brokerage/nest-common';
import { notFound, unauthorized } from '../common/errors.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { UsersService } from '../users/users.service.js';
import { toPublicUser } from '../users/user.mapper.js';
import { InternalUsersLookupBody, InternalUsersQueryDto } from './dto/internal-users.dto.js';
import { CreateBuyerBody, ResolveSessionBody, UserIdParams } from './dto/internal-auth.dto.js';
import { InternalUsersService } from './internal-users.service.js';

/** Service-to-service API (never routed by the gateway). */
@ApiTags('internal')
@Controller('internal')
@Roles('SERVICE')
export class InternalController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly users: UsersService,
    private readonly directory: InternalUsersService,
  ) {}

  /** The gateway's session lookup: opaque token → claims (+ Redis cache entry for 60 s), or 401. */
  @Post('sessions/resolve')
  @HttpCode(200)
  async resolve(@Body() body: ResolveSessionBody): Promise<IdentityClaims> {
    const claims = body.token ? await this.sessions.resolveToken(body.token) : null;
    if (!claims) throw unauthorized();
    return claims;
  }

  /** A BUYER account for the NDA sign-up. */
  @Post('users')
  @HttpCode(201)
  async createUser(@Body() body: CreateBuyerBody) {
    const user = await this.users.createBuyer(body);
    return { user: toPublicUser(user) };
  }

  /** Compensation of a failed NDA sign-up. */
  @Delete('users/:id')
  @HttpCode(200)
  async deleteUser(@Param() params: UserIdParams) {
    const deleted = await this.users.deleteById(params.id);
    if (!deleted) throw notFound('User not found');
    return { message: 'User deleted' };
  }

  /** Users by role and/or manager (active and archived), or by the comma-separated `ids` of older callers. */
  @Get('users')
  @ApiZodResponse(200, internalUsersResponseSchema)
  async listUsers(@Query() q: InternalUsersQueryDto): Promise<InternalUsersResponse> {
    return { users: await this.directory.find(q) };
  }

  /** The users {id} may message (GET /users's rule for that user): messaging checks a recipient with it. */
  @Get('users/:id/contacts')
  @ApiZodResponse(200, contactsResponseSchema)
  async contacts(@Param() params: UserIdParams): Promise<ContactsResponse> {
    return { users: await this.users.contactsOfUser(params.id) };
  }

  /** Users by id (unknown ids are left out). */
  @Post('users/lookup')
  @HttpCode(200)
  @ApiZodResponse(200, internalUsersResponseSchema)
  async lookup(@Body() body: InternalUsersLookupBody): Promise<InternalUsersResponse> {
    return { users: await this.directory.lookup(body.ids) };
  }
}
