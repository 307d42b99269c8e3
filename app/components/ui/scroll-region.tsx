import type { ReactNode } from "react";

/** What names a scrolling region: the id of its heading, or words of its own. */
export type RegionName = { labelledBy: string; label?: never } | { label: string; labelledBy?: never };

/**
 * A wide table's frame, scrolling sideways on a narrow screen. It is a named region in the tab
 * order, so a keyboard can scroll it whether or not it holds a link, whatever the fonts make of
 * its width.
 */
export function ScrollRegion({ children, ...name }: RegionName & { children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls must take the keyboard's focus
    <div className="table-scroll" role="region" tabIndex={0} aria-label={name.label} aria-labelledby={name.labelledBy}>
      {children}
    </div>
  );
}
