import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CALLBACK_SUCCESS, CONTACT_SUCCESS, messageResponseSchema } from '@brokerage/contracts';
import { ApiZodResponse, CurrentUser, Public, Roles, type IdentityClaims } from '@brokerage/nest-common';
import { ContactRequestsService } from './contact-requests.service.js';
import { CallbackRequestBody, ContactMessageBody } from './dto/contact-requests.dto.js';
import { Origin, type RequestOrigin } from '../common/request-origin.js';

@ApiTags('contact')
@Controller()
export class ContactRequestsController {
  constructor(private readonly contacts: ContactRequestsService) {}

  /** Spec part 1 §7: the contact form. 201 {message: CONTACT_SUCCESS}. */
  @Post('auth/contact-message')
  @Public()
  @HttpCode(201)
  @ApiZodResponse(201, messageResponseSchema)
  async contactMessage(
    @Body() body: ContactMessageBody,
    @Origin() origin: RequestOrigin,
    @CurrentUser() user?: IdentityClaims,
  ) {
    await this.contacts.saveContactMessage(body, origin, user);
    return { message: CONTACT_SUCCESS };
  }

  /** Spec part 1 §7: the "Request a Call Back" modal. 201 {message: CALLBACK_SUCCESS}. */
  @Post('callback-request')
  @Public()
  @HttpCode(201)
  @ApiZodResponse(201, messageResponseSchema)
  async callbackRequest(
    @Body() body: CallbackRequestBody,
    @Origin() origin: RequestOrigin,
    @CurrentUser() user?: IdentityClaims,
  ) {
    await this.contacts.saveCallbackRequest(body, origin, user);
    return { message: CALLBACK_SUCCESS };
  }

  /**
   * Defined path (spec: contact messages and callback requests "reach the brokers' inbox"; the path is not shown):
   * GET /messages/contact-requests → {contactMessages, callbackRequests}, newest first, up to 200 each. BROKER only.
   */
  @Get('messages/contact-requests')
  @Roles('BROKER')
  inbox() {
    return this.contacts.brokersInbox();
  }
}
