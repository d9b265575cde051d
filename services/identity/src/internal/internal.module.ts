import { Module } from '@nestjs/common';
import { PeopleModule } from '../people/people.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { UsersModule } from '../users/users.module.js';
import { InternalController } from './internal.controller.js';
import { InternalUsersService } from './internal-users.service.js';

@Module({ imports: [UsersModule, SessionsModule, PeopleModule], controllers: [InternalController], providers: [InternalUsersService] })
export class InternalModule {}
