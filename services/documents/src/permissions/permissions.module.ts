import { Module } from '@nestjs/common';
import { DocumentPermissionsService } from './document-permissions.service.js';
import { PermissionsRepository } from './permissions.repository.js';

/** Issue 23 §2: per-document permission and per-buyer revocation (the staff routes: documents/staff-data-room.controller.ts). */
@Module({
  providers: [PermissionsRepository, DocumentPermissionsService],
  exports: [PermissionsRepository, DocumentPermissionsService],
})
export class PermissionsModule {}
