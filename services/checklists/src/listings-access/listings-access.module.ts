import { Module } from '@nestjs/common';
import { ListingAccessService } from './listing-access.service.js';
import { ListingsClient } from './listings.client.js';

@Module({ providers: [ListingsClient, ListingAccessService], exports: [ListingAccessService] })
export class ListingsAccessModule {}
