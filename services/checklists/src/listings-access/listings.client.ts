import { Injectable } from '@nestjs/common';
import { CHECKLIST_MSG } from '@brokerage/contracts';
import { ListingsInternalClient } from '@brokerage/nest-common';

/** What checklists asks listings, on every request (a buyer rejected a second ago is no longer a party). */
@Injectable()
export class ListingsClient extends ListingsInternalClient {
  constructor() {
    super('checklists', CHECKLIST_MSG.listingNotFound);
  }
}
