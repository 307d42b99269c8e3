import { describe, expect, it } from "vitest";
import {
  DEFAULT_TIME_ZONE,
  dayNumber,
  dayOfNumber,
  dayText,
  formatDate,
  formatDateTime,
  isoDate,
  timeZoneForState,
  userTimeZone,
  utcDay,
} from "~/domain/dates";
import { US_STATES } from "~/domain/us-states";

describe("timeZoneForState", () => {
  it.each([
    ["CA", "America/Los_Angeles"],
    ["NY", "America/New_York"],
    ["TX", "America/Chicago"],
    ["CO", "America/Denver"],
    ["AZ", "America/Phoenix"],
    ["HI", "Pacific/Honolulu"],
    ["AK", "America/Anchorage"],
    ["IN", "America/Indiana/Indianapolis"],
    ["PR", "America/Puerto_Rico"],
    ["GU", "Pacific/Guam"],
    ["VI", "America/St_Thomas"],
    ["AS", "Pacific/Pago_Pago"],
    ["MP", "Pacific/Saipan"],
    ["AE", "Europe/Berlin"],
    ["AP", "Asia/Tokyo"],
  ])("%s is %s", (state, zone) => {
    expect(timeZoneForState(state)).toBe(zone);
  });

  it("reads a code in any case, with spaces, or a state's name", () => {
    expect(timeZoneForState(" ca ")).toBe("America/Los_Angeles");
    expect(timeZoneForState("Arizona")).toBe("America/Phoenix");
    expect(timeZoneForState("Calif.")).toBe("America/Los_Angeles");
  });

  it("falls back to New York for anything unknown", () => {
    expect(DEFAULT_TIME_ZONE).toBe("America/New_York");
    expect(timeZoneForState("")).toBe("America/New_York");
    expect(timeZoneForState("ZZ")).toBe("America/New_York");
    expect(timeZoneForState("Ontario")).toBe("America/New_York");
  });

  it("has the page say the times are Eastern only where the state is unknown", () => {
    expect(userTimeZone("NY")).toEqual({ timeZone: "America/New_York", note: null });
    expect(userTimeZone("Calif.")).toEqual({ timeZone: "America/Los_Angeles", note: null });
    for (const unknown of ["", "  ", "ZZ", "Ontario"]) {
      expect(userTimeZone(unknown), unknown).toEqual({ timeZone: "America/New_York", note: "Times are U.S. Eastern." });
    }
  });

  it("gives every USPS code a zone this runtime knows", () => {
    for (const code of Object.keys(US_STATES)) {
      const zone = timeZoneForState(code);
      // An unknown zone makes Intl throw a RangeError.
      expect(() => formatDate(new Date(0), zone), `${code}: ${zone}`).not.toThrow();
    }
  });

  it("puts the Pacific and Mountain states outside New York's zone", () => {
    for (const code of ["WA", "OR", "NV", "UT", "ID", "MT", "WY", "NM"]) {
      expect(timeZoneForState(code), code).not.toBe("America/New_York");
    }
  });
});

describe("formatDate", () => {
  it("writes month/day/year, zero-padded", () => {
    expect(formatDate(new Date("2026-11-23T17:00:00Z"), "America/New_York")).toBe("11/23/2026");
    expect(formatDate(new Date("2026-03-05T17:00:00Z"), "America/New_York")).toBe("03/05/2026");
  });

  it("uses the calendar date in the given zone: just after midnight UTC is still yesterday in Los Angeles", () => {
    const instant = new Date("2026-11-24T03:30:00Z"); // 19:30 on 11/23 in Los Angeles (PST, UTC-8)
    expect(formatDate(instant, "America/Los_Angeles")).toBe("11/23/2026");
    expect(formatDate(instant, "America/New_York")).toBe("11/23/2026"); // 22:30 in New York
    expect(formatDate(instant, "Europe/Berlin")).toBe("11/24/2026");
  });

  it("rolls the year back too", () => {
    expect(formatDate(new Date("2027-01-01T05:00:00Z"), "America/Los_Angeles")).toBe("12/31/2026");
    expect(formatDate(new Date("2027-01-01T05:00:00Z"), "UTC")).toBe("01/01/2027");
  });

  it("throws on an unknown zone or an invalid date rather than printing nonsense", () => {
    expect(() => formatDate(new Date(0), "Mars/Olympus_Mons")).toThrow(RangeError);
    expect(() => formatDate(new Date("not a date"), "America/New_York")).toThrow(RangeError);
  });
});

describe("formatDateTime", () => {
  it("writes hour:minute on the 12-hour clock with AM or PM, then the date", () => {
    expect(formatDateTime(new Date("2026-11-23T19:05:00Z"), "America/New_York")).toBe("2:05 PM 11/23/2026");
    expect(formatDateTime(new Date("2026-11-26T08:22:00Z"), "America/New_York")).toBe("3:22 AM 11/26/2026");
    expect(formatDateTime(new Date("2026-11-23T15:59:00Z"), "America/New_York")).toBe("10:59 AM 11/23/2026");
  });

  it("writes midnight and noon as 12, never 0 or 24", () => {
    expect(formatDateTime(new Date("2026-11-23T05:00:00Z"), "America/New_York")).toBe("12:00 AM 11/23/2026");
    expect(formatDateTime(new Date("2026-11-23T05:09:00Z"), "America/New_York")).toBe("12:09 AM 11/23/2026");
    expect(formatDateTime(new Date("2026-11-23T17:00:00Z"), "America/New_York")).toBe("12:00 PM 11/23/2026");
    expect(formatDateTime(new Date("2026-11-23T16:59:00Z"), "America/New_York")).toBe("11:59 AM 11/23/2026");
  });

  it("uses the zone's clock and date near midnight UTC", () => {
    const instant = new Date("2026-11-24T00:15:00Z");
    expect(formatDateTime(instant, "America/Los_Angeles")).toBe("4:15 PM 11/23/2026");
    expect(formatDateTime(instant, "UTC")).toBe("12:15 AM 11/24/2026");
  });

  it("follows daylight saving time, and Arizona's lack of it", () => {
    const summer = new Date("2026-07-04T18:30:00Z");
    expect(formatDateTime(summer, "America/Denver")).toBe("12:30 PM 07/04/2026");
    expect(formatDateTime(summer, timeZoneForState("AZ"))).toBe("11:30 AM 07/04/2026");
    const winter = new Date("2026-01-04T18:30:00Z");
    expect(formatDateTime(winter, "America/Denver")).toBe("11:30 AM 01/04/2026");
    expect(formatDateTime(winter, timeZoneForState("AZ"))).toBe("11:30 AM 01/04/2026");
  });

  it("throws on an unknown zone or an invalid date rather than printing nonsense", () => {
    expect(() => formatDateTime(new Date(0), "Mars/Olympus_Mons")).toThrow(RangeError);
    expect(() => formatDateTime(new Date("not a date"), "America/New_York")).toThrow(RangeError);
  });
});

describe("isoDate", () => {
  it("writes year-month-day, zero-padded, for the calendar date in the zone", () => {
    expect(isoDate(new Date("2026-03-05T17:00:00Z"), "America/New_York")).toBe("2026-03-05");
    expect(isoDate(new Date("2027-01-01T05:00:00Z"), "America/Los_Angeles")).toBe("2026-12-31");
    expect(isoDate(new Date("2027-01-01T05:00:00Z"), "UTC")).toBe("2027-01-01");
  });
});

describe("days on the calendar (YYYY-MM-DD)", () => {
  it("takes the UTC day of a moment, whatever the zone it was written in", () => {
    expect(utcDay(new Date("2026-11-23T23:30:00-08:00"))).toBe("2026-11-24");
    expect(utcDay(new Date("2026-11-24T00:00:00Z"))).toBe("2026-11-24");
    expect(utcDay(new Date("2026-11-24T23:59:59.999Z"))).toBe("2026-11-24");
  });

  it("numbers days so that days apart is a subtraction, across months, leap days and daylight saving", () => {
    expect(dayNumber("1970-01-01")).toBe(0);
    expect(dayNumber("2026-03-09") - dayNumber("2026-03-07")).toBe(2);
    expect(dayNumber("2028-03-01") - dayNumber("2028-02-28")).toBe(2);
    expect(dayNumber("2027-01-01") - dayNumber("2026-12-31")).toBe(1);
    expect(dayNumber("not a day")).toBeNaN();
  });

  it("turns a day number back into its day", () => {
    expect(dayOfNumber(0)).toBe("1970-01-01");
    for (const day of ["2026-11-24", "2028-02-29", "2026-12-31", "2027-01-01"]) expect(dayOfNumber(dayNumber(day))).toBe(day);
    expect(dayOfNumber(dayNumber("2026-11-24") + 7)).toBe("2026-12-01");
  });

  it("writes a day as dates read everywhere, without moving it across a time zone", () => {
    expect(dayText("2026-01-02")).toBe("01/02/2026");
    expect(dayText("2026-12-31")).toBe("12/31/2026");
    // The day a zone west of UTC would make the 30th, if the day were read as a moment.
    expect(dayText("2026-12-31")).toBe(formatDate(new Date("2026-12-31T12:00:00Z"), "Pacific/Honolulu"));
  });
});
