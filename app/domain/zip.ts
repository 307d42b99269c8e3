/** A ZIP code as people type it: five digits, optionally the four of ZIP+4 ("62701-1234", "62701 1234", "627011234"). */
export const ZIP_PATTERN = /^(\d{5})(?:\s*-?\s*(\d{4}))?$/;
