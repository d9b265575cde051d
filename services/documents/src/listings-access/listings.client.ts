import { Injectable } from '@nestjs/common';
import { DOCUMENT_MSG } from '@brokerage/contracts';
import { ListingsInternalClient } from '@brokerage/nest-common';

/** What documents asks listings: parties (on every request, so a narrowed access applies at once), selection, journey events. */
@Injectable()
export class ListingsClient extends ListingsInternalClient {
  constructor() {
    super('documents', DOCUMENT_MSG.listingNotFound);
  }
}
