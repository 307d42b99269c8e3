import enhanceSrc from "~/browser/enhance.ts?script";

/**
 * The small script of the interactive pages (pending buttons, focus on the answer, copy and print):
 * deferred, so it never holds up the first paint. Decision 0034.
 */
export function EnhanceScript() {
  return <script src={enhanceSrc} defer />;
}
