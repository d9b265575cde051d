/** Page-level engagement's limits and texts (issue 23 §3), without zod: the remotes' viewer imports them. */
export const ENGAGEMENT_LIMITS = {
  /** At most this many page entries in one report. */
  maxPages: 50,
  /** At most this much time (ms) in one report, all its pages together (the viewer sends one every 10 s). */
  maxMsPerReport: 10 * 60 * 1000,
  /** The viewer sends at most one report per this many ms (and one more when the page is hidden). */
  reportEveryMs: 10_000,
} as const;

export const ENGAGEMENT_MSG = {
  tooManyPages: `At most ${ENGAGEMENT_LIMITS.maxPages} pages per report`,
  tooMuchTime: 'At most 10 minutes per report',
  pageOutOfRange: 'Page not in the document',
} as const;
