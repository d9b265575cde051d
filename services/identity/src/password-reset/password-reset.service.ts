import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RESET_LINK_INVALID } from '@brokerage/contracts';
import { badRequest } from '../common/errors.js';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/identity-config.js';
import { newOpaqueToken, sha256Hex } from '../common/tokens.js';
import { MailService } from '../mail/mail.service.js';
import { passwordChangedMail, passwordResetMail } from '../mail/templates.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { PasswordService } from '../users/password.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { PasswordResetRepository } from './password-reset.repository.js';

@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);

  constructor(
    private readonly ds: DataSource,
    private readonly tokens: PasswordResetRepository,
    private readonly users: UsersRepository,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
    private readonly mail: MailService,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** Step 1: e-mail a single-use link when the account exists and is active. The caller's answer never differs. */
  async request(email: string): Promise<void> {
    const user = await this.users.findByEmailWithHash(email.trim().toLowerCase());
    if (!user || !user.isActive) return;
    const token = newOpaqueToken();
    await this.tokens.issue(user.id, sha256Hex(token));
    const link = `${this.config.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`;
    this.mail.sendInBackground(passwordResetMail(user.email, user.name, link));
  }

  /** Step 2: the link's token sets the new password, once; every session of the user is revoked. */
  async confirm(token: string, newPassword: string): Promise<void> {
    const tokenHash = sha256Hex(token);
    // an unknown, used or expired token answers at once: argon2 (tens of ms of CPU and memory) only for a live link
    if (!(await this.tokens.isLive(tokenHash))) throw badRequest(RESET_LINK_INVALID);
    const passwordHash = await this.passwords.hash(newPassword);
    const result = await this.ds.transaction(async (m) => {
      const userId = await this.tokens.consume(tokenHash, m);
      if (!userId) return null;
      await this.users.setPassword(userId, passwordHash, m);
      const hashes = await this.sessions.revokeAllForUser(userId, m);
      return { userId, hashes };
    });
    if (!result) throw badRequest(RESET_LINK_INVALID);
    await this.sessions.dropCache(result.hashes);
    const user = await this.users.findById(result.userId);
    if (user) this.mail.sendInBackground(passwordChangedMail(user.email, user.name));
    this.logger.log(`password reset completed for user ${result.userId}`);
  }
}
