import { FIRM } from '@brokerage/contracts';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/identity-config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export const MAIL_FROM_DEFAULT = `${FIRM.name} <no-reply@crestlinebusinessbrokers.com>`;

/**
 * Outgoing mail: SMTP (nodemailer) when SMTP_URL is set, else a mailbox folder (MAIL_DIR, default <DATA_DIR>/mailbox)
 * with one JSON file per message {to, subject, text, html, sentAt}. Never logs message bodies (they hold links).
 */
@Injectable()
export class MailService implements OnApplicationShutdown {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: nodemailer.Transporter | null;
  private readonly pending = new Set<Promise<void>>();

  constructor(@Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig) {
    this.transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  }

  get mailDir(): string {
    return this.config.MAIL_DIR || path.join(this.config.DATA_DIR || path.resolve('.data'), 'mailbox');
  }

  async send(msg: MailMessage): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({ from: this.config.MAIL_FROM || MAIL_FROM_DEFAULT, ...msg });
      this.logger.log(`mail sent via SMTP: "${msg.subject}"`);
      return;
    }
    const dir = this.mailDir;
    await mkdir(dir, { recursive: true });
    const sentAt = new Date().toISOString();
    const file = path.join(dir, `${sentAt.replace(/[:.]/g, '-')}-${randomUUID()}.json`);
    // write then rename: a reader never sees a half-written file
    await writeFile(`${file}.tmp`, JSON.stringify({ ...msg, sentAt }, null, 2));
    await rename(`${file}.tmp`, file);
    this.logger.log(`mail written to mailbox: "${msg.subject}"`);
  }

  /** Sends without making the caller wait (and without leaking timing); failures are logged. */
  sendInBackground(msg: MailMessage): void {
    const p = this.send(msg)
      .catch((err) => this.logger.error(`mail delivery failed: ${(err as Error).message}`))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Waits for mail still being sent (tests, shutdown). */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.flush();
    this.transport?.close();
  }
}
