export * from './firm';
export * from './team';
export * from './faqs';
export * from './blog';
export * from './nda';
export * from './pages';
export * from './navigation';
export * from './seo';
