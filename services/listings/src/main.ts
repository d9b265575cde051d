import 'reflect-metadata';
import { bootstrapService } from '@brokerage/nest-common';
import { AppModule } from './app.module.js';

await bootstrapService({ name: 'listings', module: AppModule, defaultPort: 3002 });
