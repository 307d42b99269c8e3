import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ComingSoon } from "~/components/coming-soon";
import { getUserRecipient } from "~/models/recipient.server";
import { getDb } from "~/utils/db.server";
import { pageMeta } from "~/utils/meta";
import { requireUserId } from "~/utils/session.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const userId = await requireUserId(request, context.env);
  const recipient = await getUserRecipient(getDb(context.env.DB), userId, params.id ?? "");
  if (!recipient) throw new Response("Not Found", { status: 404 });
  return { recipient };
}

export default function EditRecipient() {
  const { recipient } = useLoaderData<typeof loader>();
  return <ComingSoon title={`Edit ${recipient.fullName}`}>Changing a recipient's name opens with the recipient list.</ComingSoon>;
}

export const meta = () => pageMeta("Edit a recipient");
