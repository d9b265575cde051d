import { BadRequestException, HttpException, HttpStatus } from '@nestjs/common';
import busboy from 'busboy';
import { fileTypeFromBuffer } from 'file-type';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { FILE_KINDS, MESSAGE_ATTACHMENT_EXTENSIONS, MESSAGE_LIMITS, MESSAGING_MSG } from '@brokerage/contracts';

export interface UploadedFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

export interface ParsedMultipart {
  fields: Record<string, string>;
  files: UploadedFile[];
}

const TEXT_FIELDS = new Set(['receiverId', 'subject', 'content']);
const FILE_FIELD = 'attachments';

const tooLarge = (file: string) =>
  new HttpException({ message: MESSAGING_MSG.tooLarge(file, MESSAGE_LIMITS.maxFileBytes / 1024 / 1024) }, HttpStatus.PAYLOAD_TOO_LARGE);

/** Reads a multipart body (fields + repeated `attachments`) with the limits; files are kept in memory (≤ 25 MB each). */
export function readMultipart(req: IncomingMessage): Promise<ParsedMultipart> {
  if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) {
    return Promise.reject(new BadRequestException(MESSAGING_MSG.notMultipart));
  }
  return new Promise((resolve, reject) => {
    let failed = false;
    const fail = (err: HttpException) => {
      if (failed) return;
      failed = true;
      req.unpipe(bb);
      req.resume(); // drain the rest so the answer can be sent
      reject(err);
    };
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        limits: { files: MESSAGE_LIMITS.maxFiles, fileSize: MESSAGE_LIMITS.maxFileBytes, fields: 10, fieldSize: MESSAGE_LIMITS.contentChars * 4, parts: 40 },
      });
    } catch {
      reject(new BadRequestException(MESSAGING_MSG.brokenMultipart));
      return;
    }
    const fields: Record<string, string> = {};
    const files: UploadedFile[] = [];
    const pending: Promise<void>[] = [];

    bb.on('field', (name, value) => {
      if (!TEXT_FIELDS.has(name)) return fail(new BadRequestException(MESSAGING_MSG.unknownField(name.slice(0, 50))));
      fields[name] = value;
    });
    bb.on('file', (name, stream, info) => {
      if (name !== FILE_FIELD) {
        stream.resume();
        return fail(new BadRequestException(MESSAGING_MSG.unknownField(name.slice(0, 50))));
      }
      const fileName = info.filename ?? '';
      const chunks: Buffer[] = [];
      pending.push(
        new Promise<void>((done) => {
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('limit', () => fail(tooLarge(fileName)));
          stream.on('error', () => {
            fail(new BadRequestException(MESSAGING_MSG.brokenMultipart));
            done();
          });
          stream.on('end', () => {
            files.push({ fileName, contentType: info.mimeType, body: Buffer.concat(chunks) });
            done();
          });
        }),
      );
    });
    bb.on('filesLimit', () => fail(new BadRequestException(MESSAGING_MSG.tooManyFiles(MESSAGE_LIMITS.maxFiles))));
    bb.on('partsLimit', () => fail(new BadRequestException(MESSAGING_MSG.brokenMultipart)));
    bb.on('error', () => fail(new BadRequestException(MESSAGING_MSG.brokenMultipart)));
    bb.on('close', () => {
      void Promise.all(pending).then(() => {
        if (!failed) resolve({ fields, files });
      });
    });
    req.on('aborted', () => fail(new BadRequestException(MESSAGING_MSG.brokenMultipart)));
    req.pipe(bb);
  });
}

/** The documents checks: allowed extension, not empty, a name of sane length, content that really is that type. */
export async function checkAttachments(files: UploadedFile[]): Promise<UploadedFile[]> {
  const checked: UploadedFile[] = [];
  for (const f of files) {
    const name = path.basename(f.fileName.replace(/\\/g, '/')).trim();
    if (name.length > MESSAGE_LIMITS.maxFileNameChars) throw new BadRequestException(MESSAGING_MSG.fileNameTooLong(MESSAGE_LIMITS.maxFileNameChars));
    const ext = path.extname(name).toLowerCase();
    if (!name || !(MESSAGE_ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext)) {
      throw new BadRequestException(MESSAGING_MSG.badExtension(name || '(no name)', MESSAGE_ATTACHMENT_EXTENSIONS));
    }
    if (f.body.length === 0) throw new BadRequestException(MESSAGING_MSG.empty(name));
    if (f.body.length > MESSAGE_LIMITS.maxFileBytes) throw tooLarge(name);
    const detected = await fileTypeFromBuffer(f.body);
    const kind = FILE_KINDS[ext]!;
    if (!detected || !kind.sniffed.includes(detected.ext)) throw new BadRequestException(MESSAGING_MSG.contentMismatch(name));
    checked.push({ fileName: name, contentType: kind.contentType, body: f.body });
  }
  return checked;
}
