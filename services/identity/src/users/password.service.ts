import { Injectable, OnModuleInit } from '@nestjs/common';
import argon2 from 'argon2';

/** argon2id hashing; a dummy hash keeps the "no such user" path as slow as the "wrong password" path. */
@Injectable()
export class PasswordService implements OnModuleInit {
  private dummy: Promise<string> | null = null;

  /** Computes the dummy hash at start, so the first unknown-e-mail login is not slower than the others. */
  onModuleInit(): void {
    this.dummy ??= this.hash('dummy-password-never-matches-' + Math.random());
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    if (!hash) {
      await this.verifyDummy(password);
      return false;
    }
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  async verifyDummy(password: string): Promise<void> {
    this.dummy ??= this.hash('dummy-password-never-matches-' + Math.random());
    try {
      await argon2.verify(await this.dummy, password);
    } catch {
      /* ignore */
    }
  }
}
