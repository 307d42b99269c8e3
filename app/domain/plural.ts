/** A count with its noun, "1 request" or "3 requests": the nouns the staff pages count take an s. */
export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
