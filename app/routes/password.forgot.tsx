import { ComingSoon } from "~/components/coming-soon";
import { pageMeta } from "~/utils/meta";

export default function Screen() {
  return (
    <ComingSoon title="Forgot your password?">
      Password reset by email opens with accounts.
    </ComingSoon>
  );
}

export const meta = () => pageMeta("Forgot your password?");
