import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module.js';
import { UsersModule } from '../users/users.module.js';
import { InternalController } from './internal.controller.js';

@Module({ imports: [UsersModule, SessionsModule], controllers: [InternalController] })
export class InternalModule {}
