// California's one request to every registered data broker (decision 0059), shown on the dashboard
// to a Californian who asked a data broker to stop, as the filing guide is for DMAchoice.
import { DROP, DROP_ABOUT, DROP_AGENTS, DROP_LIMITS, DROP_STEPS } from "~/domain/drop";

export function DropGuide() {
  return (
    <section id="drop" className="notice" aria-labelledby="drop-title">
      <h2 id="drop-title">One request to every data broker, for Californians</h2>
      <p>{DROP_ABOUT}</p>
      <details className="guide">
        <summary>How to file it yourself</summary>
        <div>
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
