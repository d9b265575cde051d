import { Global, Module } from '@nestjs/common';
import { IdentityUsersClient } from './identity-users.client.js';

@Global()
@Module({ providers: [IdentityUsersClient], exports: [IdentityUsersClient] })
export class IdentityModule {}
