import { Link, useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

/**
 * The page's main call to action (product rules: Routes): visitors go to signup step 1 with the
 * label they are given; signed-in users get "Go to Dashboard" instead.
 */
export function PrimaryAction({ visitorLabel, light = false }: { visitorLabel: string; light?: boolean }) {
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user;
  const className = light ? "button button-light" : "button";
  return user ? (
    <Link className={className} to="/dashboard" data-prefetch>
      Go to Dashboard
    </Link>
  ) : (
    <Link className={className} to="/start/step1" data-prefetch>
      {visitorLabel}
    </Link>
  );
}
