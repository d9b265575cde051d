import 'reflect-metadata';
import { bootstrapService } from '@brokerage/nest-common';
import { AppModule } from './app.module.js';

await bootstrapService({ name: 'checklists', module: AppModule, defaultPort: 3005 });
