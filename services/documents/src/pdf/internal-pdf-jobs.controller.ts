import { Controller, Get, HttpCode, NotFoundException, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles, ZodBody } from '@brokerage/nest-common';
import { PdfJobsService } from './pdf-jobs.service.js';
import { pdfJobSchema, type PdfJobData } from './pdf-job.js';

/** Internal: other services ask for a PDF (idempotent on key) and poll its status. */
@ApiTags('internal')
@Controller('internal/pdf-jobs')
@Roles('SERVICE')
export class InternalPdfJobsController {
  constructor(private readonly jobs: PdfJobsService) {}

  /** 202 {key, status, storageKey, sizeBytes, completedAt}. */
  @Post()
  @HttpCode(202)
  request(@ZodBody(pdfJobSchema) body: PdfJobData) {
    return this.jobs.request(body);
  }

  @Get()
  async status(@Query('key') key: string) {
    const job = typeof key === 'string' && key ? await this.jobs.status(key) : null;
    if (!job) throw new NotFoundException('PDF job not found');
    return job;
  }
}
