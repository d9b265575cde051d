/** The PDF render queue (keys `brokerage:pdf:*`; KEDA scales the worker on `brokerage:pdf:wait`). */
export const PDF_QUEUE = 'pdf';
