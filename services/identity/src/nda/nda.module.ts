import { Module } from '@nestjs/common';
import { PeopleModule } from '../people/people.module.js';
import { UsersModule } from '../users/users.module.js';
import { NdaController } from './nda.controller.js';
import { NdaService } from './nda.service.js';

@Module({ imports: [UsersModule, PeopleModule], controllers: [NdaController], providers: [NdaService] })
export class NdaModule {}
