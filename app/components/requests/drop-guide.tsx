// California's one request to every registered data broker (decision 0059), shown on the dashboard
// to every Californian: before their first request at the top of the recommendations, with what it
// covers (decision 0074), and after it where the guides are.
import { DROP, DROP_ABOUT, DROP_AGENTS, DROP_COVERS, DROP_IN_SHORT, DROP_LIMITS, DROP_STEPS, DROP_THEN } from "~/domain/drop";

export function DropGuide({ first = false }: { first?: boolean }) {
  // Before the first request it sits inside the first step, under its heading.
  const Heading = first ? "h3" : "h2";
  return (
    <section id="drop" className="notice drop-guide" aria-labelledby="drop-title">
      <Heading id="drop-title">
        {first ? "In California, start with DROP: it is free" : "One request to every data broker, for Californians"}
      </Heading>
      {first ? (
        <p>
          {DROP_IN_SHORT} {DROP_COVERS} {DROP_THEN}
        </p>
      ) : (
        <p>{DROP_ABOUT}</p>
      )}
      <details className="guide">
        <summary>How to file it yourself</summary>
        <div>
          {first ? <p>{DROP_ABOUT}</p> : null}
          <p>{DROP_AGENTS}</p>
          <DropSteps />
          <p className="muted">{DROP_LIMITS}</p>
        </div>
      </details>
    </section>
  );
}

/** The steps of filing with DROP, the same on the dashboard and on /learn. */
export function DropSteps() {
  return (
    <ol>
      <li>
        Go to <a href={DROP.url}>{DROP.urlText}</a>, the {DROP.agency}&apos;s own site.
      </li>
      {DROP_STEPS.map((step) => (
        <li key={step}>{step}</li>
      ))}
    </ol>
  );
}
