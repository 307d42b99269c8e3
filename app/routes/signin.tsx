import { ComingSoon } from "~/components/coming-soon";
import { pageMeta } from "~/utils/meta";

export default function Screen() {
  return (
    <ComingSoon title="Sign in">
      Sign-in opens with accounts. New here? Start with step 1 of the signup.
    </ComingSoon>
  );
}

export const meta = () => pageMeta("Sign in");
