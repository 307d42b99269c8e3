import { ComingSoon } from "~/components/coming-soon";
import { pageMeta } from "~/utils/meta";

export default function Screen() {
  return (
    <ComingSoon title="Create Account" eyebrow="Step 2 of 2">
      Your email and a password, so you can follow your requests.
    </ComingSoon>
  );
}

export const meta = () => pageMeta("Create Account");
