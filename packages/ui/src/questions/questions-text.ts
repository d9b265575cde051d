/** The screens' texts (the server's and the confirmations are contracts QUESTION_MSG). */
export const QUESTIONS_TEXT = {
  title: 'Questions',
  askTitle: 'Ask a question',
  askHint: 'Your broker or agent reads every question and answers it, or asks the seller. Other buyers never see who asked.',
  topic: 'About',
  question: 'Your question',
  ask: 'Ask question',
  mine: 'Your questions',
  mineEmpty: 'You have not asked anything yet.',
  faq: 'FAQ',
  faqHint: 'Answers released to every buyer of this listing.',
  faqEmpty: 'No answers have been released to every buyer yet.',
  inFaq: 'In the FAQ',
  yours: 'Your question',
  waiting: 'Waiting for an answer.',
  sellerTitle: 'Questions from buyers',
  buyerTitle: 'Questions and answers',
  sellerHint: 'Questions your broker or agent sent you. Buyers are not named; your answer goes to your broker or agent, who releases it.',
  forYou: 'Waiting for your answer',
  forYouEmpty: 'Nothing is waiting for your answer.',
  answeredByYou: 'Answered',
  staffHint: 'Every question of this listing with who asked it. Route a question to the seller or answer it, merge duplicates, then release the answer.',
  answer: 'Answer',
  sendAnswer: 'Send answer',
  addFiles: 'Attach files',
  route: 'Route to seller',
  merge: 'Merge into…',
  mergeTitle: 'Merge into another question',
  mergeTarget: 'Question to merge into',
  mergeConfirm: 'Merge',
  releaseAsker: 'Release to asker',
  releaseAll: 'Release to all buyers',
  history: 'History',
  cancel: 'Cancel',
  failed: 'Failed to load questions',
  actionFailed: 'Something went wrong. Please try again.',
} as const;

/** Who answered or acted, as a buyer may read it: a role, never a person's name. */
export const ROLE_LABEL: Record<string, string> = { BUYER: 'buyer', BROKER: 'broker', AGENT: 'agent', SELLER: 'seller' };

/** `s` cut to `n` characters at most, an ellipsis where it was cut (labels and aria-labels). */
export const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
