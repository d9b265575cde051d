import { Global, Module } from '@nestjs/common';
import { DOCUMENTS_CONFIG, loadDocumentsConfig } from '../config/documents-config.js';
import { ListingsClient } from './listings.client.js';

/** The listings client and the documents config, shared by every feature. */
@Global()
@Module({
  providers: [ListingsClient, { provide: DOCUMENTS_CONFIG, useFactory: () => loadDocumentsConfig() }],
  exports: [ListingsClient, DOCUMENTS_CONFIG],
})
export class ListingsAccessModule {}
