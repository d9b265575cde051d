declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.css';

/** Build-time constants that rspack's DefinePlugin replaces (infra/rspack); nothing else of `process` exists in a browser. */
declare const process: { env: { MFE_BUILD_TAG?: string } };
