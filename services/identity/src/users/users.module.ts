import { Module } from '@nestjs/common';
import { ListingRelationsClient } from './listing-relations.client.js';
import { PasswordService } from './password.service.js';
import { UserViewsRepository } from './user-views.repository.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({
  controllers: [UsersController],
  providers: [UsersRepository, UserViewsRepository, UsersService, PasswordService, ListingRelationsClient],
  exports: [UsersRepository, UserViewsRepository, UsersService, PasswordService],
})
export class UsersModule {}
