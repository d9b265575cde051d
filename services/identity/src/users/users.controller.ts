import { ApiTags } from '@nestjs/swagger';
import { Controller, Get, Query } from '@nestjs/common';
import { contactsResponseSchema, type ContactsResponse, type IdentityClaims } from '@brokerage/contracts';
import { ApiZodResponse, CurrentUser, Roles } from '@brokerage/nest-common';
import { UsersByRoleQueryDto } from './dto/users.dto.js';
import { UsersService } from './users.service.js';

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /** The people the caller may message; the spec also uses it as a session probe. */
  @Get()
  @Roles('BROKER', 'AGENT', 'SELLER', 'BUYER')
  @ApiZodResponse(200, contactsResponseSchema)
  async list(@CurrentUser() caller: IdentityClaims): Promise<ContactsResponse> {
    return { users: await this.users.contactsFor(caller) };
  }

  @Get('by-role')
  @Roles('BROKER', 'AGENT')
  @ApiZodResponse(200, contactsResponseSchema)
  async byRole(@CurrentUser() caller: IdentityClaims, @Query() q: UsersByRoleQueryDto): Promise<ContactsResponse> {
    return { users: await this.users.byRole(caller, q.role) };
  }
}
