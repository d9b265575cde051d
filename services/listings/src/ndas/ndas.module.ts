import { Module } from '@nestjs/common';
import { ClientFormsModule } from '../client-forms/client-forms.module.js';
import { JourneysModule } from '../journeys/journeys.module.js';
import { NdasRepository } from './ndas.repository.js';
import { NdasService } from './ndas.service.js';
import { InternalNdasController } from './internal-ndas.controller.js';

@Module({ imports: [JourneysModule, ClientFormsModule], controllers: [InternalNdasController], providers: [NdasRepository, NdasService] })
export class NdasModule {}
