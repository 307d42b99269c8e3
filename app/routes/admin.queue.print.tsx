import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { AddressesToCheck, AddressKeptAsTyped } from "~/components/admin/address-warning";
import { ProcessForm } from "~/components/admin/process-form";
import { allowedKinds, postalLines, requestKey } from "~/domain/work-queue";
import { currentQueue, lettersInHomes } from "~/models/work-queue.server";
import { requireStaff } from "~/services/auth.server";
import { everyHomeDb } from "~/utils/db.server";
import { invariantResponse } from "~/utils/http-errors";
import { pageMeta } from "~/utils/meta";

/**
 * A print-ready batch for one sender: one letter per page, the sender's postal address where a
 * #10 window envelope shows it, then "Mark mailed" for exactly the letters printed. A letter Lob
 * could not mail, or that came back, says why (decision 0052).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  const homes = everyHomeDb(context.env);
  const key = new URL(request.url).searchParams.get("group");
  const group = (await currentQueue(homes)).find((candidate) => candidate.key === key);
  invariantResponse(group && allowedKinds(group.channel.kind).includes("mailed"));
  const letters = await lettersInHomes(
    homes,
    group.requests.map((row) => ({ userId: row.userId, requestId: row.id, home: row.home })),
    { unsentOnly: true },
  );
  return {
    key: group.key,
    senderName: group.senderName,
    address: group.channel.kind === "mail" && group.channel.value ? postalLines(group.channel.value) : null,
    letters: letters.map((letter) => ({
      key: requestKey(letter),
      text: letter.letter,
      addressAsTyped: letter.addressAsTyped,
      letterProblem: letter.letterProblem,
    })),
  };
}

export default function PrintBatch() {
  const { key, senderName, address, letters } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="page-title">
      <div className="no-print">
        <h1 id="page-title">Letters to {senderName}</h1>
        <p>
          {letters.length} {letters.length === 1 ? "letter" : "letters"}, one per page. Print with your browser (File, Print), fold each in
          three for a #10 window envelope, post them, then mark them mailed.
          {address ? null : " This sender is not in the catalog: write its address in the space at the top of each letter."}
        </p>
        <AddressesToCheck count={letters.filter((letter) => letter.addressAsTyped).length} />
        <p className="actions">
          <ProcessForm group={key} keys={letters.map((letter) => letter.key)} intent="mailed" label={`Mark ${letters.length} mailed`} />
          <Link to="/admin/queue">Back to the work queue</Link>
        </p>
      </div>
      {letters.map((letter) => (
        <article key={letter.key} className="print-letter" aria-label={`Letter ${letter.key}`}>
          {letter.addressAsTyped ? (
            <p className="no-print">
              <AddressKeptAsTyped />
            </p>
          ) : null}
          {letter.letterProblem ? <p className="no-print">Not mailed through Lob: {letter.letterProblem}</p> : null}
          <address className="window-address">
            {(address ?? [senderName]).map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
          <pre className="letter">{letter.text}</pre>
        </article>
      ))}
    </section>
  );
}

export const meta = () => pageMeta("Print letters");
