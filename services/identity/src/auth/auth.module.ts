import { Module } from '@nestjs/common';
import { PasswordResetRepository } from '../password-reset/password-reset.repository.js';
import { PasswordResetService } from '../password-reset/password-reset.service.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';

@Module({
  imports: [UsersModule, SessionsModule, NotificationsModule],
  controllers: [AuthController],
  providers: [AuthService, PasswordResetRepository, PasswordResetService],
})
export class AuthModule {}
