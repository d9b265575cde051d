import { ApiTags } from '@nestjs/swagger';
import { Controller, Get, Query } from '@nestjs/common';
import type { IdentityClaims } from '@brokerage/contracts';
import { CurrentUser, Roles } from '@brokerage/nest-common';
import { UsersService } from './users.service.js';

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /** The people the caller may message; the spec also uses it as a session probe. */
  @Get()
  @Roles('BROKER', 'AGENT', 'SELLER', 'BUYER')
  async list(@CurrentUser() caller: IdentityClaims) {
    return { users: await this.users.contactsFor(caller) };
  }

  @Get('by-role')
  @Roles('BROKER', 'AGENT')
  async byRole(@Query('role') role: unknown) {
    return { users: await this.users.byRole(role) };
  }
}
