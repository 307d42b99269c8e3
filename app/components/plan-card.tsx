import type { ReactNode } from "react";

/** A plan with what it costs and includes; `children` is what the page offers to do about it. */
export function PlanCard({
  id,
  name,
  priceText,
  includes,
  children,
}: {
  id: string;
  name: string;
  priceText: string;
  includes: readonly string[];
  children?: ReactNode;
}) {
  const titleId = `plan-${id}`;
  return (
    <article className="card plan" aria-labelledby={titleId}>
      <h3 id={titleId}>{name}</h3>
      <p className="plan-price">{priceText}</p>
      <ul>
        {includes.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {children}
    </article>
  );
}
