import { Module } from '@nestjs/common';
import { NdasRepository } from './ndas.repository.js';
import { NdasService } from './ndas.service.js';
import { InternalNdasController } from './internal-ndas.controller.js';

@Module({ controllers: [InternalNdasController], providers: [NdasRepository, NdasService] })
export class NdasModule {}
