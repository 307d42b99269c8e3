import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ComingSoon } from "~/components/coming-soon";
import { getUserRecipient } from "~/models/recipient.server";
import { getDb } from "~/utils/db.server";
import { pageMeta } from "~/utils/meta";
import { requireUser } from "~/utils/auth.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const recipient = await getUserRecipient(getDb(context.env.DB), user.id, params.id ?? "");
  if (!recipient) throw new Response("Not Found", { status: 404 });
  return { recipient };
}

export default function EditRecipient() {
  const { recipient } = useLoaderData<typeof loader>();
  return <ComingSoon title={`Edit ${recipient.fullName}`}>Changing a recipient's name opens with the recipient list.</ComingSoon>;
}

export const meta = () => pageMeta("Edit a recipient");
