import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module.js';
import { DownloadsModule } from '../downloads/downloads.module.js';
import { EngagementModule } from '../engagement/engagement.module.js';
import { OfficeConversionsModule } from '../pdf/office-conversions.js';
import { StorageModule } from '../storage/storage.module.js';
import { loadViewerConfig, VIEWER_CONFIG } from '../config/viewer-config.js';
import { PageRenderer } from './page-renderer.js';
import { TextLayerService } from './text-layer.js';
import { VIEWER_CONTROLLERS } from './viewer.controller.js';
import { ViewerService } from './viewer.service.js';

/** The in-portal document viewer's page count, page images and text layer (issue 23 §1). */
@Module({
  imports: [StorageModule, DocumentsModule, DownloadsModule, OfficeConversionsModule, EngagementModule],
  controllers: VIEWER_CONTROLLERS,
  providers: [{ provide: VIEWER_CONFIG, useFactory: () => loadViewerConfig() }, PageRenderer, ViewerService, TextLayerService],
})
export class ViewerModule {}
