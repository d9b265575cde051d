declare module '*.css';
declare const process: { env: { MFE_BUILD_TAG: string; MFE_NAME: string; NODE_ENV: string } };
