import { ApiTags } from '@nestjs/swagger';
import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import {
  ADMIN_MSG,
  adminStatsResponseSchema,
  adminUserResponseSchema,
  adminUsersResponseSchema,
  type AdminStatsResponse,
  type AdminUserResponse,
  type AdminUsersResponse,
  type IdentityClaims,
} from '@brokerage/contracts';
import { ApiZodResponse, CurrentUser, Roles } from '@brokerage/nest-common';
import { PeopleService, type Target } from '../people/people.service.js';
import { toAdminUser } from '../users/user.mapper.js';
import { AdminService } from './admin.service.js';
import { AdminCreateUserBody, AdminUpdateUserBody, AdminUserParams } from './dto/admin.dto.js';

const ANY_USER: Target = { roles: ['BROKER', 'AGENT', 'SELLER', 'BUYER'], notFoundMessage: ADMIN_MSG.userNotFound };

/** Admin Portal - User Management (spec part 3 §2 /broker/admin, §7 Admin). */
@ApiTags('admin')
@Controller('admin')
export class AdminController {
  constructor(
    private readonly admin: AdminService,
    private readonly people: PeopleService,
  ) {}

  @Get('users')
  @Roles('BROKER')
  @ApiZodResponse(200, adminUsersResponseSchema)
  async list(): Promise<AdminUsersResponse> {
    return { users: await this.admin.list() };
  }

  @Get('stats')
  @Roles('BROKER')
  @ApiZodResponse(200, adminStatsResponseSchema)
  async stats(): Promise<AdminStatsResponse> {
    return { stats: await this.admin.stats() };
  }

  @Post('users')
  @Roles('BROKER')
  @HttpCode(201)
  @ApiZodResponse(201, adminUserResponseSchema)
  async create(@Body() body: AdminCreateUserBody): Promise<AdminUserResponse> {
    return { message: 'User created', user: await this.admin.create(body) };
  }

  @Put('users/:id')
  @Roles('BROKER')
  @ApiZodResponse(200, adminUserResponseSchema)
  async update(@Param() p: AdminUserParams, @Body() body: AdminUpdateUserBody, @CurrentUser() me: IdentityClaims): Promise<AdminUserResponse> {
    return { message: 'User updated', user: await this.admin.update(p.id, body, me) };
  }

  @Patch('users/:id/archive')
  @Roles('BROKER')
  @ApiZodResponse(200, adminUserResponseSchema)
  async archive(@Param() p: AdminUserParams, @CurrentUser() me: IdentityClaims): Promise<AdminUserResponse> {
    return { message: ADMIN_MSG.userArchived, user: toAdminUser(await this.people.setActive(p.id, false, ANY_USER, me.sub)) };
  }

  @Patch('users/:id/reactivate')
  @Roles('BROKER')
  @ApiZodResponse(200, adminUserResponseSchema)
  async reactivate(@Param() p: AdminUserParams, @CurrentUser() me: IdentityClaims): Promise<AdminUserResponse> {
    return { message: ADMIN_MSG.userReactivated, user: toAdminUser(await this.people.setActive(p.id, true, ANY_USER, me.sub)) };
  }
}
