// A page's words as the tests compare them, read with the one HTML tokenizer and entity decoder
// (app/domain/html-text.ts, decision 0043): one pass over the page however it is written.
import { decodeEntities, htmlTokens, withoutComments } from "../../app/domain/html-text";

/** A page's text without tags or comments, its entities decoded, runs of white space as single spaces. */
export function textOf(html: string): string {
  let text = "";
  for (const token of htmlTokens(withoutComments(html))) text += token.kind === "text" ? decodeEntities(token.value) : " ";
  return text.replace(/\s+/g, " ");
}
