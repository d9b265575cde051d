import { Module } from '@nestjs/common';
import { RedisModule } from '../redis/redis.module.js';
import { UsersModule } from '../users/users.module.js';
import { NoticesController } from './notices.controller.js';
import { NoticesService } from './notices.service.js';

@Module({ imports: [UsersModule, RedisModule], controllers: [NoticesController], providers: [NoticesService] })
export class NoticesModule {}
