declare module '*.css';
/** Replaced at build time by infra/rspack (DefinePlugin). */
declare const process: { env: { MFE_BUILD_TAG: string; MFE_NAME: string; NODE_ENV: string } };
