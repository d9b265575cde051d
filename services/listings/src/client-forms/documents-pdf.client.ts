import { Inject, Injectable } from '@nestjs/common';
import type { PdfJobRequest, PdfJobStatus } from '@brokerage/contracts';
import { InternalHttpClient, SERVICE_CONFIG, type ServiceConfig } from '@brokerage/nest-common';

/** documents' POST /internal/pdf-jobs: asks for a PDF (idempotent on its key); 202 with the job's status. */
@Injectable()
export class DocumentsPdfClient {
  private readonly http: InternalHttpClient;

  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    this.http = new InternalHttpClient({ from: 'listings', baseUrl: config.DOCUMENTS_URL, timeoutMs: 10_000 });
  }

  request(job: PdfJobRequest): Promise<PdfJobStatus> {
    return this.http.post<PdfJobStatus>('/internal/pdf-jobs', job);
  }
}
