export declare const MB: number;

export interface StreamedFile {
  name: string;
  /** Whole MiB. */
  mb: number;
}

export interface StreamedSendRequest {
  port: number;
  host?: string;
  path: string;
  headers?: Record<string, string>;
  fields: Record<string, string>;
  files: StreamedFile[];
  /** The files' form field (default 'attachments'). */
  fileField?: string;
}

export interface StreamedSendAnswer {
  /** 0: no answer. */
  status: number;
  text: string;
  /** Body bytes written when the answer's status line arrived (-1: none came), and in all. */
  sentAtAnswer: number;
  sent: number;
  total: number;
  /** The connection ended before the whole body was written. */
  closedEarly: boolean;
  ms: number;
}

export declare function streamedSend(request: StreamedSendRequest): Promise<StreamedSendAnswer>;
