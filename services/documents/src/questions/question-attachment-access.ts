import { Injectable } from '@nestjs/common';
import type { IdentityClaims } from '@brokerage/contracts';
import { mayReadAttachment } from './question-rules.js';
import { QuestionsRepository } from './questions.repository.js';

/**
 * The document access rule's Q&A part (documents' findVisible, the one place every download, inline open and viewer
 * read goes through): a file attached to an answer is readable by those who may read that answer (question-rules.ts).
 */
@Injectable()
export class QuestionAttachmentAccess {
  constructor(private readonly questions: QuestionsRepository) {}

  async mayRead(user: IdentityClaims, questionId: string): Promise<boolean> {
    const owner = await this.questions.byId(questionId);
    if (!owner) return false;
    return mayReadAttachment(user, owner, owner.mergedInto === null ? await this.questions.askersOf(owner.id) : new Set());
  }
}
