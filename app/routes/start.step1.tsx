import { ComingSoon } from "~/components/coming-soon";
import { pageMeta } from "~/utils/meta";

export default function Screen() {
  return (
    <ComingSoon title="Basic Information" eyebrow="Step 1 of 2">
      Your name and the address where the junk mail arrives.
    </ComingSoon>
  );
}

export const meta = () => pageMeta("Basic Information");
