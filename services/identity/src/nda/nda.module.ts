import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { NdaController } from './nda.controller.js';
import { NdaService } from './nda.service.js';

@Module({ imports: [UsersModule], controllers: [NdaController], providers: [NdaService] })
export class NdaModule {}
