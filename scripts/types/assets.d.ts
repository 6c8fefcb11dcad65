// Assets imported by frontend code; webpack turns them into URLs or injected styles.
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}

/** The label of this build (BUILD_LABEL at build time, scripts/webpack/create-config.ts); empty when none. */
declare const __BUILD_LABEL__: string;
