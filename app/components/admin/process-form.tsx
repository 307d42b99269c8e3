import { Form } from "@remix-run/react";

/** One click for a whole sender in the work queue: the requests listed are the ones processed. */
export function ProcessForm({
  group,
  keys,
  intent,
  label,
}: {
  group: string;
  keys: string[];
  intent: "send" | "mailed" | "filed";
  label: string;
}) {
  return (
    <Form method="post" action="/admin/queue" className="no-print">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="group" value={group} />
      {keys.map((key) => (
        <input key={key} type="hidden" name="request" value={key} />
      ))}
      <button type="submit" className="button">
        {label}
      </button>
    </Form>
  );
}
