// How dates and times read on every screen (product rules: Users and their data): "Dates show as
// month/day/year; date and time as hour:minute, then the date", the hour on the 12-hour clock.
// Pages are rendered on the server and most ship no JavaScript, so the browser's time zone is
// never known: a date is shown in the time zone of the user's state instead, or U.S. Eastern
// where the state is not one we know, and the page says so (userTimeZone). Pure: no I/O, and
// never the current time (callers pass it in), so every rule has a unit test (dates.test.ts).
import { stateCode, type StateCode } from "./us-states";

export const DEFAULT_TIME_ZONE = "America/New_York";

export const MINUTE_MS = 60 * 1000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

// The zone where most of each state's people live. States split between zones take the larger
// part: Eastern for Florida, Indiana, Kentucky and Michigan; Central for Tennessee, Texas, Kansas,
// Nebraska and the Dakotas; Mountain for Idaho (Boise) and Pacific for Oregon. Arizona keeps no
// daylight saving time (America/Phoenix). Armed Forces addresses take the zone where most of their
// post offices are: AA (the Americas) is routed through Miami, AE is mostly Germany, AP mostly
// Japan and Korea. Typed as a Record over every code so a new code cannot be left out.
const TIME_ZONES: Record<StateCode, string> = {
  AL: "America/Chicago",
  AK: "America/Anchorage",
  AZ: "America/Phoenix",
  AR: "America/Chicago",
  CA: "America/Los_Angeles",
  CO: "America/Denver",
  CT: "America/New_York",
  DE: "America/New_York",
  DC: "America/New_York",
  FL: "America/New_York",
  GA: "America/New_York",
  HI: "Pacific/Honolulu",
  ID: "America/Boise",
  IL: "America/Chicago",
  IN: "America/Indiana/Indianapolis",
  IA: "America/Chicago",
  KS: "America/Chicago",
  KY: "America/New_York",
  LA: "America/Chicago",
  ME: "America/New_York",
  MD: "America/New_York",
  MA: "America/New_York",
  MI: "America/Detroit",
  MN: "America/Chicago",
  MS: "America/Chicago",
  MO: "America/Chicago",
  MT: "America/Denver",
  NE: "America/Chicago",
  NV: "America/Los_Angeles",
  NH: "America/New_York",
  NJ: "America/New_York",
  NM: "America/Denver",
  NY: "America/New_York",
  NC: "America/New_York",
  ND: "America/Chicago",
  OH: "America/New_York",
  OK: "America/Chicago",
  OR: "America/Los_Angeles",
  PA: "America/New_York",
  RI: "America/New_York",
  SC: "America/New_York",
  SD: "America/Chicago",
  TN: "America/Chicago",
  TX: "America/Chicago",
  UT: "America/Denver",
  VT: "America/New_York",
  VA: "America/New_York",
  WA: "America/Los_Angeles",
  WV: "America/New_York",
  WI: "America/Chicago",
  WY: "America/Denver",
  AS: "Pacific/Pago_Pago",
  GU: "Pacific/Guam",
  MP: "Pacific/Saipan",
  PR: "America/Puerto_Rico",
  VI: "America/St_Thomas",
  // Chuuk and Yap (UTC+10) hold more people than Pohnpei and Kosrae (UTC+11).
  FM: "Pacific/Chuuk",
  MH: "Pacific/Majuro",
  PW: "Pacific/Palau",
  AA: "America/New_York",
  AE: "Europe/Berlin",
  AP: "Asia/Tokyo",
};

/**
 * The IANA time zone for a state: a USPS code (any case) or a name ("Arizona", "Calif.").
 * Anything unknown, blank included, gets America/New_York.
 */
export function timeZoneForState(state: string): string {
  return userTimeZone(state).timeZone;
}

/**
 * The zone a user's times are shown in, from their state, and what the page says about it: nothing
 * when it is their state's, "Times are U.S. Eastern." once on the page when the state is unknown.
 */
export function userTimeZone(state: string): { timeZone: string; note: string | null } {
  const code = stateCode(state);
  return code ? { timeZone: TIME_ZONES[code], note: null } : { timeZone: DEFAULT_TIME_ZONE, note: "Times are U.S. Eastern." };
}

// Building a DateTimeFormat is the slow part; one per zone and form is kept for the isolate's life.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(form: "date" | "dateTime", timeZone: string): Intl.DateTimeFormat {
  const key = `${form} ${timeZone}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      // h12 (1 to 12, then AM or PM) as people in the U.S. read a clock: 12:05 AM just after
      // midnight, 12:05 PM just after noon.
      ...(form === "dateTime" ? { hour: "numeric", minute: "2-digit", hourCycle: "h12" } : {}),
    });
    formatters.set(key, found);
  }
  return found;
}

// Read from formatToParts rather than the formatted string, whose separators and order depend on
// the ICU data of the runtime (Node and workerd may differ).
function parts(form: "date" | "dateTime", date: Date, timeZone: string) {
  const found: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatter(form, timeZone).formatToParts(date)) found[part.type] = part.value;
  return found;
}

/**
 * The calendar date in the zone as MM/DD/YYYY, zero-padded: "11/23/2026".
 * Throws a RangeError for an invalid date or an unknown time zone.
 */
export function formatDate(date: Date, timeZone: string): string {
  const { month, day, year } = parts("date", date, timeZone);
  return `${month}/${day}/${year}`;
}

/**
 * Hour and minute on the 12-hour clock, then the date: "2:05 PM 11/23/2026".
 * Throws a RangeError for an invalid date or an unknown time zone.
 */
export function formatDateTime(date: Date, timeZone: string): string {
  const { hour, minute, dayPeriod, month, day, year } = parts("dateTime", date, timeZone);
  return `${hour}:${minute} ${dayPeriod} ${month}/${day}/${year}`;
}

/**
 * The calendar date in the zone as YYYY-MM-DD, for file names: "2026-11-23".
 * Throws a RangeError for an invalid date or an unknown time zone.
 */
export function isoDate(date: Date, timeZone: string): string {
  const { month, day, year } = parts("date", date, timeZone);
  return `${year}-${month}-${day}`;
}

// Days on the calendar, YYYY-MM-DD, as the app stores them (a digest's date, a daily count's day,
// a chart's week): in UTC, so that the same day is the same string on every machine.

/** The UTC day of a moment, YYYY-MM-DD: the day of daily limits and counts. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A day YYYY-MM-DD as a count of days since 1970-01-01, so that days apart is a subtraction; NaN for no day. */
export function dayNumber(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

/** The day YYYY-MM-DD of a day number (dayNumber's inverse). */
export function dayOfNumber(number: number): string {
  return utcDay(new Date(number * DAY_MS));
}

/**
 * A day YYYY-MM-DD as dates read everywhere: "11/24/2026". A day on the calendar, not a moment (a
 * piece's day, Lob's expected delivery): written as it is, it is the same day in every time zone.
 */
export function dayText(day: string): string {
  const [year, month, date] = day.split("-");
  return `${month}/${date}/${year}`;
}
