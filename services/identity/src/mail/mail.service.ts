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
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post), kept in the mailbox file too. */
  headers?: Record<string, string>;
  /**
   * A stable key of this e-mail (notices: eventId + recipient). Sent again (a job retried after a crash between the
   * send and its record), it is the same e-mail: same Message-ID over SMTP, same mailbox file (overwritten).
   */
  key?: string;
}

const KEY_SAFE = /^[A-Za-z0-9._-]{1,200}$/;

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
    const { key, ...mail } = msg;
    if (key !== undefined && !KEY_SAFE.test(key)) throw new Error('mail key must be [A-Za-z0-9._-]');
    if (this.transport) {
      const messageId = key ? `<${key}@notices.${this.domain()}>` : undefined;
      await this.transport.sendMail({ from: this.config.MAIL_FROM || MAIL_FROM_DEFAULT, ...mail, ...(messageId ? { messageId } : {}) });
      this.logger.log(`mail sent via SMTP: "${msg.subject}"`);
      return;
    }
    const dir = this.mailDir;
    await mkdir(dir, { recursive: true });
    const sentAt = new Date().toISOString();
    const file = path.join(dir, key ? `notice-${key}.json` : `${sentAt.replace(/[:.]/g, '-')}-${randomUUID()}.json`);
    // write then rename: a reader never sees a half-written file
    const tmp = randomUUID();
    await writeFile(`${file}.${tmp}.tmp`, JSON.stringify({ ...mail, sentAt }, null, 2));
    await rename(`${file}.${tmp}.tmp`, file);
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

  /** The sender's domain (Message-IDs of keyed e-mails). */
  private domain(): string {
    const from = this.config.MAIL_FROM || MAIL_FROM_DEFAULT;
    return /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'localhost';
  }

  async onApplicationShutdown(): Promise<void> {
    await this.flush();
    this.transport?.close();
  }
}
