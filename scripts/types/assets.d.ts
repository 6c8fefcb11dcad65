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
