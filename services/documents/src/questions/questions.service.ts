import type { IncomingMessage } from 'node:http';
import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Request } from 'express';
import type { EntityManager } from 'typeorm';
import {
  BUYER_QUESTIONS_PATH,
  SELLER_QUESTIONS_PATH,
  staffQuestionsPath,
  QUESTION_ATTACHMENT_EXTENSIONS,
  QUESTION_LIMITS,
  QUESTION_MSG,
  QUESTION_NOTICE_HEADLINES,
  answerQuestionSchema,
  type AskQuestionBody,
  type IdentityClaims,
  type Question,
  type QuestionList,
  type ReleaseAudience,
} from '@brokerage/contracts';
import type { ListingEventAudience } from '@brokerage/contracts/live-events';
import { ListingEventsPublisher, parseWith, receiveUpload, type StoredUpload } from '@brokerage/nest-common';
import { DOCUMENTS_CONFIG, type DocumentsConfig } from '../config/documents-config.js';
import { isStaff } from '../documents/document-access.js';
import { JourneyRelayService } from '../journey-events/journey-relay.service.js';
import { DocumentNotices, noticeEventId } from '../notices/document-notices.js';
import type { NewDocument } from '../documents/documents.repository.js';
import { DocumentsService } from '../documents/documents.service.js';
import { OfficeConversions } from '../pdf/office-conversions.js';
import { S3StorageService } from '../storage/s3-storage.service.js';
import { documentUploadRules, storedFileColumns } from '../uploads/document-upload.js';
import { refuseUnreadablePdfs } from '../uploads/readable-pdf.js';
import { headOf, listsQuestion, presentQuestion } from './question-rules.js';
import { QuestionsRepository, type QuestionRow } from './questions.repository.js';

/**
 * An answer's files as documents rows: nobody's by canSee among clients (audience BUYER without a buyer: staff only),
 * read through the question's rule (findVisible → QuestionAttachmentAccess); no step (a buyer past the NDA may read).
 */
const ATTACHMENT_PLACEMENT = { type: 'UPLOADED_DOC', stepId: null, audience: 'BUYER', buyerId: null } as const;

@Injectable()
export class QuestionsService {
  constructor(
    private readonly repo: QuestionsRepository,
    private readonly documents: DocumentsService,
    private readonly storage: S3StorageService,
    private readonly conversions: OfficeConversions,
    private readonly live: ListingEventsPublisher,
    @Inject(DOCUMENTS_CONFIG) private readonly config: DocumentsConfig,
    private readonly notices: DocumentNotices,
    private readonly relay: JourneyRelayService,
  ) {}

  // ---- reads ----

  /** The listing's questions as the caller may see them (the listing's rule first: 404 non-party, 409 buyer before the NDA). */
  async list(user: IdentityClaims, listingId: string): Promise<QuestionList> {
    await this.documents.access(user, listingId);
    const all = await this.repo.ofListing(listingId);
    return { questions: await this.present(user, all, all.filter((q) => listsQuestion(user, q))) };
  }

  /** Presents `shown` (rows of `all`, one listing's questions) with their heads, askers, history and attachments. */
  private async present(user: IdentityClaims, all: QuestionRow[], shown: QuestionRow[]): Promise<Question[]> {
    const byId = new Map(all.map((q) => [q.id, q]));
    const heads = new Set(shown.map((q) => headOf(q, byId).id));
    const [history, attachments] = await Promise.all([this.repo.historyOf(shown.map((q) => q.id)), this.repo.attachmentsOf([...heads])]);
    return shown.map((q) => {
      const head = headOf(q, byId);
      return presentQuestion(user, q, {
        head,
        askers: new Set(all.filter((o) => o.id === head.id || o.mergedInto === head.id).map((o) => o.askerId)),
        history: history.get(q.id) ?? [],
        attachments: attachments.filter((a) => a.questionId === head.id).map((a) => ({ id: a.id, fileName: a.fileName, fileSize: a.fileSize })),
      });
    });
  }

  private async presentOne(user: IdentityClaims, listingId: string, id: string): Promise<{ question: Question }> {
    const all = await this.repo.ofListing(listingId);
    const q = all.find((o) => o.id === id);
    if (!q) throw new NotFoundException(QUESTION_MSG.notFound);
    return { question: (await this.present(user, all, [q]))[0]! };
  }

  // ---- buyer ----

  async ask(user: IdentityClaims, listingId: string, body: { text: string; documentName: AskQuestionBody['documentName'] }): Promise<{ question: Question }> {
    const parties = await this.documents.access(user, listingId);
    const title = await this.notices.title(listingId);
    const q = await this.repo.inListingLock(listingId, async (m) => {
      const q = await this.repo.insert(m, { listingId, askerId: user.sub, askerName: user.name, text: body.text, documentName: body.documentName ?? null });
      await this.repo.addHistory(m, q.id, 'asked', user);
      await this.notices.dueDiligence(m, {
        eventId: noticeEventId('question-asked', q.id), listingId, parties, title, staffAbout: { path: staffQuestionsPath(listingId) },
        actorName: user.name || 'A buyer', headline: QUESTION_NOTICE_HEADLINES.asked(user.name || 'A buyer', title),
      });
      this.announce(m, listingId, { clients: [user.sub] });
      return q;
    });
    this.relay.kick();
    return this.presentOne(user, listingId, q.id);
  }

  // ---- staff ----

  /** The question of the listing for a change (404 another listing's or unknown; 409 merged into another). */
  private async target(m: EntityManager, listingId: string, id: string): Promise<QuestionRow> {
    const q = await this.repo.byId(id, m);
    if (!q || q.listingId !== listingId) throw new NotFoundException(QUESTION_MSG.notFound);
    if (q.mergedInto) throw new ConflictException(QUESTION_MSG.merged);
    return q;
  }

  async route(user: IdentityClaims, listingId: string, id: string): Promise<{ question: Question }> {
    const parties = await this.documents.access(user, listingId);
    const title = await this.notices.title(listingId);
    await this.repo.inListingLock(listingId, async (m) => {
      const q = await this.target(m, listingId, id);
      if (q.state !== 'Open') throw new ConflictException(QUESTION_MSG.notOpen);
      await this.repo.route(m, id);
      await this.repo.addHistory(m, id, 'routed', user);
      await this.notices.dueDiligence(m, {
        eventId: noticeEventId('question-routed', id), listingId, parties, title, sellerLink: SELLER_QUESTIONS_PATH,
        actorName: user.name || 'Your broker', headline: QUESTION_NOTICE_HEADLINES.routedToSeller(title),
      });
      this.announce(m, listingId, { clients: ['seller', ...(await this.repo.askersOf(id, m))] });
    });
    this.relay.kick();
    return this.presentOne(user, listingId, id);
  }

  async merge(user: IdentityClaims, listingId: string, id: string, intoId: string): Promise<{ question: Question }> {
    await this.documents.access(user, listingId);
    if (id === intoId) throw new BadRequestException(QUESTION_MSG.mergeIntoSelf);
    await this.repo.inListingLock(listingId, async (m) => {
      const q = await this.target(m, listingId, id);
      if (q.state === 'Released') throw new ConflictException(QUESTION_MSG.releasedCannotMerge);
      const into = await this.repo.byId(intoId, m);
      if (!into || into.listingId !== listingId) throw new NotFoundException(QUESTION_MSG.notFound);
      if (into.mergedInto) throw new ConflictException(QUESTION_MSG.mergeIntoMerged);
      const askers = await this.repo.askersOf(id, m);
      await this.repo.merge(m, id, intoId);
      await this.repo.addHistory(m, id, 'merged', user);
      await this.repo.addHistory(m, intoId, 'merged-in', user);
      const seller = q.routedAt || into.routedAt ? ['seller'] : [];
      this.announce(m, listingId, { clients: [...seller, ...askers, ...(await this.repo.askersOf(intoId, m))] });
    });
    return this.presentOne(user, listingId, id);
  }

  /**
   * Releases the answer to the askers of the group (ASKER) or every buyer (ALL), with an e-mail notice (kind
   * due-diligence) to the buyers who may read it now and were not told before: askers once, the others on ALL.
   */
  async release(user: IdentityClaims, listingId: string, id: string, audience: ReleaseAudience): Promise<{ question: Question }> {
    const parties = await this.documents.access(user, listingId);
    const title = await this.notices.title(listingId);
    await this.repo.inListingLock(listingId, async (m) => {
      const q = await this.target(m, listingId, id);
      if (q.state !== 'Answered' && q.state !== 'Released') throw new ConflictException(QUESTION_MSG.notAnswered);
      await this.repo.release(m, id, audience);
      await this.repo.addHistory(m, id, 'released', user, audience);
      const askers = await this.repo.askersOf(id, m);
      const told = q.state === 'Released' ? (q.releasedTo === 'ALL' ? parties.buyerIds : [...askers]) : [];
      const reached = audience === 'ALL' ? parties.buyerIds : [...askers];
      await this.notices.dueDiligence(m, {
        eventId: noticeEventId('question-released', id, audience),
        listingId, parties, title, buyerIds: reached.filter((b) => !told.includes(b)), buyerLink: BUYER_QUESTIONS_PATH,
        actorName: user.name || 'Your broker',
        headline: audience === 'ALL' ? QUESTION_NOTICE_HEADLINES.releasedToAll(title) : QUESTION_NOTICE_HEADLINES.releasedToAsker(title),
      });
      const seller = q.routedAt || q.answeredByRole === 'SELLER' ? ['seller'] : [];
      // narrowing ALL → ASKER: every buyer's screen drops the FAQ entry
      const buyers = audience === 'ALL' || q.releasedTo === 'ALL' ? ['buyers'] : [];
      this.announce(m, listingId, { clients: [...seller, ...buyers, ...askers] });
    });
    this.relay.kick();
    return this.presentOne(user, listingId, id);
  }

  // ---- answers (staff or the seller) ----

  /** Who may answer the question now: staff unless released; the seller only while it waits for them (409). */
  private checkAnswerer(user: IdentityClaims, q: QuestionRow): void {
    if (isStaff(user)) {
      if (q.state === 'Released') throw new ConflictException(QUESTION_MSG.releasedCannotChange);
      return;
    }
    if (q.state !== 'With seller') throw new ConflictException(QUESTION_MSG.notWithSeller);
  }

  /**
   * POST …/questions/:questionId/answer: `{text}` as JSON, or multipart (the text field, then optional files stored
   * through the documents upload checks: extension, content, size; all or nothing). The question is checked before a
   * byte of a file is read, and again under the listing's lock.
   */
  async answer(req: Request, user: IdentityClaims, listingId: string, id: string): Promise<{ question: Question }> {
    const multipart = /^multipart\/form-data/i.test(req.headers['content-type'] ?? '');
    const drain = (err: unknown) => {
      if (multipart) req.resume();
      throw err;
    };
    const parties = await this.documents.access(user, listingId).catch(drain);
    const check = async (m?: EntityManager) => {
      const q = await this.repo.byId(id, m);
      // the seller learns nothing of a question that is not theirs to see (merged duplicates included): 404 first
      if (!q || q.listingId !== listingId || (!isStaff(user) && !listsQuestion(user, q))) throw new NotFoundException(QUESTION_MSG.notFound);
      if (q.mergedInto) throw new ConflictException(QUESTION_MSG.merged);
      this.checkAnswerer(user, q);
      return q;
    };
    let text: string;
    let files: StoredUpload[] = [];
    if (multipart) {
      let parsed: string | null = null;
      const received = await receiveUpload(req as IncomingMessage, this.storage, {
        ...documentUploadRules(this.config.UPLOAD_MAX_FILE_BYTES),
        maxFiles: QUESTION_LIMITS.maxAttachments,
        maxFieldBytes: QUESTION_LIMITS.maxFieldBytes,
        messages: { ...documentUploadRules(this.config.UPLOAD_MAX_FILE_BYTES).messages, noFiles: undefined, tooManyFiles: QUESTION_MSG.tooManyAttachments },
        plan: async (raw) => {
          parsed = parseWith(answerQuestionSchema, raw).text;
          await check();
          return { keyPrefix: `listings/${listingId}/questions`, allowedExtensions: QUESTION_ATTACHMENT_EXTENSIONS };
        },
      });
      files = received.files;
      text = parsed as unknown as string;
      const category = isStaff(user) ? 'STAFF_UPLOAD' : 'SELLER_UPLOAD';
      await refuseUnreadablePdfs(this.storage, { ...ATTACHMENT_PLACEMENT, category }, files); // buyers' downloads stamp PDFs
    } else {
      text = parseWith(answerQuestionSchema, req.body ?? {}).text;
      await check();
    }
    const rows: NewDocument[] = files.map((f) => ({
      listingId,
      ...ATTACHMENT_PLACEMENT,
      category: isStaff(user) ? 'STAFF_UPLOAD' : 'SELLER_UPLOAD',
      ...storedFileColumns(f, user),
    }));
    try {
      await this.repo.inListingLock(listingId, async (m) => {
        const q = await check(m);
        await this.repo.answer(m, id, { text, by: user.sub, role: user.role });
        await this.repo.addHistory(m, id, 'answered', user);
        await this.conversions.request(m, await this.repo.insertAttachments(m, id, rows)); // Word files: their PDF for viewing
        const seller = q.routedAt || user.role === 'SELLER' ? ['seller'] : [];
        if (user.role === 'SELLER') {
          const title = await this.notices.title(listingId);
          await this.notices.dueDiligence(m, {
            eventId: noticeEventId('question-seller-answered', id), listingId, parties, title, staffAbout: { path: staffQuestionsPath(listingId) },
            actorName: user.name || 'The seller', headline: QUESTION_NOTICE_HEADLINES.sellerAnswered(title),
          });
        }
        this.announce(m, listingId, { clients: [...seller, ...(await this.repo.askersOf(id, m))] });
      });
    } catch (err) {
      await Promise.all(files.map((f) => this.storage.remove(f.key).catch(() => undefined)));
      throw err;
    }
    if (files.length) this.conversions.kick();
    this.relay.kick();
    return this.presentOne(user, listingId, id);
  }

  /** `question.changed` after the transaction commits: staff always, and the clients whose screens show the change. */
  private announce(m: EntityManager, listingId: string, to: ListingEventAudience): void {
    this.live.emit(m, { type: 'question.changed', listingId }, to);
  }
}
