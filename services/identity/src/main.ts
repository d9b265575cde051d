import 'reflect-metadata';
import { bootstrapService } from '@brokerage/nest-common';
import { AppModule } from './app.module.js';

await bootstrapService({ name: 'identity', module: AppModule, defaultPort: 3001 });
