/** `import src from "~/browser/x.ts?script"`: the URL of that script, compiled (test/tooling/browser-scripts.ts). */
declare module "*?script" {
  const src: string;
  export default src;
}
