import { ApiTags } from '@nestjs/swagger';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { IdentityClaims } from '@brokerage/contracts';
import { Roles, parseWith } from '@brokerage/nest-common';
import { notFound, unauthorized } from '../common/errors.js';
import { resolveSessionSchema } from '../auth/dto/auth.dto.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { UsersService, internalCreateUserSchema } from '../users/users.service.js';
import { toPublicUser } from '../users/user.mapper.js';

/** Service-to-service API (never routed by the gateway). */
@ApiTags('internal')
@Controller('internal')
@Roles('SERVICE')
export class InternalController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly users: UsersService,
  ) {}

  /** The gateway's session lookup: opaque token → claims (+ Redis cache entry for 60 s), or 401. */
  @Post('sessions/resolve')
  @HttpCode(200)
  async resolve(@Body() body: unknown): Promise<IdentityClaims> {
    const parsed = resolveSessionSchema.safeParse(body);
    if (!parsed.success) throw unauthorized();
    const claims = await this.sessions.resolveToken(parsed.data.token);
    if (!claims) throw unauthorized();
    return claims;
  }

  /** A BUYER account for the NDA sign-up. */
  @Post('users')
  @HttpCode(201)
  async createUser(@Body() body: unknown) {
    const input = parseWith(internalCreateUserSchema, body);
    const user = await this.users.createBuyer(input);
    return { user: toPublicUser(user) };
  }

  /** Compensation of a failed NDA sign-up. */
  @Delete('users/:id')
  @HttpCode(200)
  async deleteUser(@Param('id') id: string) {
    const deleted = await this.users.deleteById(id);
    if (!deleted) throw notFound('User not found');
    return { message: 'User deleted' };
  }

  @Get('users')
  async usersByIds(@Query('ids') ids: unknown) {
    const list = typeof ids === 'string' ? ids.split(',').map((s) => s.trim()).filter(Boolean) : [];
    const users = await this.users.findByIds(list);
    return {
      users: users.map((u) => ({ id: u.id, name: u.name, email: u.email, role: u.role, phone: u.phone, isActive: u.isActive, managerId: u.managerId })),
    };
  }
}
