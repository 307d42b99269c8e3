import type { ReactNode } from "react";
import { Form } from "@remix-run/react";

/**
 * The page a single-use link opens: it changes nothing until its button is pressed (mail scanners
 * open links too). With a usable token and no answer yet, it shows what pressing will do; else the
 * error (the link's, or the answer's) and where to go instead.
 */
export function LinkConfirmation({
  title,
  token,
  error,
  answered,
  button,
  children,
  elsewhere,
}: {
  title: string;
  token: string | null;
  error: string | null;
  /** Whether this page is the answer to a press of the button. */
  answered: boolean;
  button: string;
  /** What pressing the button does. */
  children: ReactNode;
  /** Where to go when the link cannot be used. */
  elsewhere: ReactNode;
}) {
  return (
    <section className="page narrow" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {token && !answered ? (
        <Form method="post">
          <p className="lead">{children}</p>
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="button">
            {button}
          </button>
        </Form>
      ) : (
        <p>{elsewhere}</p>
      )}
    </section>
  );
}
