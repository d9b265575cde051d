import { createContext } from 'react';

/** Filled while a page is prerendered at build time (never in the browser): what the page puts in <head>. */
export interface PrerenderHeadData {
  title?: string;
}

export const PrerenderHead = createContext<PrerenderHeadData | null>(null);
