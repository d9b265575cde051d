import { Module } from '@nestjs/common';
import { JourneyEventsModule } from '../journey-events/journey-events.module.js';
import { PermissionsModule } from '../permissions/permissions.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { DownloadsRepository } from './downloads.repository.js';
import { DownloadsService } from './downloads.service.js';

@Module({
  imports: [StorageModule, JourneyEventsModule, PermissionsModule],
  providers: [DownloadsRepository, DownloadsService],
  exports: [DownloadsRepository, DownloadsService],
})
export class DownloadsModule {}
