import { Body, Controller, Get, HttpCode, NotFoundException, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { pdfJobStatusSchema, type PdfJobStatus } from '@brokerage/contracts';
import { ApiZodResponse, InternalCallers } from '@brokerage/nest-common';
import { PdfJobsService } from './pdf-jobs.service.js';
import { PdfJobBody, PdfJobQuery } from './dto/pdf-jobs.dto.js';

/** Internal: other services ask for a PDF (idempotent on key) and poll its status. */
@ApiTags('internal')
@Controller('internal/pdf-jobs')
@InternalCallers('listings')
export class InternalPdfJobsController {
  constructor(private readonly jobs: PdfJobsService) {}

  /** 202 {key, status, storageKey, sizeBytes, completedAt}. */
  @Post()
  @HttpCode(202)
  @ApiZodResponse(202, pdfJobStatusSchema)
  request(@Body() body: PdfJobBody): Promise<PdfJobStatus> {
    return this.jobs.request(body);
  }

  @Get()
  @ApiZodResponse(200, pdfJobStatusSchema)
  async status(@Query() query: PdfJobQuery): Promise<PdfJobStatus> {
    const job = await this.jobs.status(query.key);
    if (!job) throw new NotFoundException('PDF job not found');
    return job;
  }
}
