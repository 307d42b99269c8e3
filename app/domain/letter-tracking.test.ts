import { expect, it } from "vitest";
import { returnedLetterProblem, trackingDetail, trackingStateOfEvent } from "./letter-tracking";

it("reads Lob's letter event types as tracking states, and ignores the others", () => {
  expect(trackingStateOfEvent("letter.mailed")).toBe("mailed");
  expect(trackingStateOfEvent("letter.in_local_area")).toBe("inLocalArea");
  expect(trackingStateOfEvent("letter.re-routed")).toBe("reRouted");
  expect(trackingStateOfEvent("letter.returned_to_sender")).toBe("returnedToSender");
  expect(trackingStateOfEvent("letter.rendered_pdf")).toBeNull();
  expect(trackingStateOfEvent("postcard.mailed")).toBeNull();
  expect(trackingStateOfEvent("toString")).toBeNull();
});

it("says in the history what happened to the letter, and to staff why a returned one is back", () => {
  expect(trackingDetail("returnedToSender", "Acxiom")).toBe(
    "Your letter to Acxiom came back undelivered; our staff are finding another way.",
  );
  expect(returnedLetterProblem("ltr_1", "72033")).toContain("Lob's letter ltr_1 was returned to sender (USPS scan in ZIP 72033)");
});
