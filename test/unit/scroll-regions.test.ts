import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A box that scrolls sideways is reachable by keyboard only if it is a named region in the tab
// order. ScrollRegion (app/components/ui/scroll-region.tsx) makes one; this fails when a page
// writes the scrolling class itself, or a style sheet makes another box scroll sideways, and so
// leaves a table the keyboard cannot reach.

const APP = path.resolve(import.meta.dirname, "../../app");
const COMPONENT = "components/ui/scroll-region.tsx";

function filesUnder(directory: string, pattern: RegExp): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => path.relative(APP, path.join(entry.parentPath, entry.name)));
}

describe("boxes that scroll sideways", () => {
  it("are made by ScrollRegion alone", () => {
    const writers = filesUnder(APP, /\.tsx?$/).filter((file) => readFileSync(path.join(APP, file), "utf8").includes("table-scroll"));
    expect(writers).toEqual([COMPONENT]);
  });

  it("are the only boxes the style sheets let scroll sideways", () => {
    const others: string[] = [];
    for (const file of filesUnder(APP, /\.css$/)) {
      const css = readFileSync(path.join(APP, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
      for (const [, selector] of css.matchAll(/([^{};]+)\{[^{}]*overflow(?:-x)?\s*:\s*(?:auto|scroll)[^{}]*\}/g)) {
        if (selector!.trim() !== ".table-scroll") others.push(`${file}: ${selector!.trim()}`);
      }
    }
    expect(others).toEqual([]);
  });
});
