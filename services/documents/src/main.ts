import 'reflect-metadata';
import { bootstrapService } from '@brokerage/nest-common';
import { AppModule } from './app.module.js';

await bootstrapService({ name: 'documents', module: AppModule, defaultPort: 3003 });
