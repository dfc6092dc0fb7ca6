// en.json imported with a query (english-on-demand.ts): the same file, typed as such.
declare module '*/en.json?on-demand' {
  const value: typeof import('../locales/en.json');
  export default value;
}
