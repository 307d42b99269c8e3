import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { PhotoImages } from "~/components/requests/photo-images";
import { PhotoSenderFields, photoSenderSummary } from "~/components/requests/photo-sender-fields";
import { ErrorSummary } from "~/components/ui/form";
import { DEFAULT_TIME_ZONE, formatDate } from "~/domain/dates";
import { CONFIRM_PHOTO_MESSAGES, ConfirmPhotoSchema, isWaitingForSender, senderFieldOf } from "~/domain/mail-photo";
import { getPhoto } from "~/models/mail-photo.server";
import { chosenSender, identifyPhotoByStaff } from "~/services/mail-photos.server";
import { requireStaff } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";
import { invariantResponse } from "~/utils/http-errors";
import { pageMeta } from "~/utils/meta";
import { changingPublicPages } from "~/services/public-pages.server";

async function loadPhoto(request: Request, context: AppLoadContext, photoId: string | undefined) {
  const staff = await requireStaff(request, context);
  const photo = photoId ? await getPhoto(getDb(context.env.DB), photoId) : null;
  invariantResponse(photo);
  return { staff, photo };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { staff, photo } = await loadPhoto(request, context, params.photoId);
  return {
    isAdmin: staff.role === "admin",
    photo: {
      id: photo.id,
      userId: photo.userId,
      state: photo.state,
      sent: formatDate(photo.createdAt, DEFAULT_TIME_ZONE),
      imageCount: photo.imageKeys.length,
      transcript: photo.transcript,
      readProblem: photo.readProblem,
      suggestions: photo.suggestions,
      customerNumber: photo.customerNumber,
      keyCode: photo.keyCode,
      senderName: photo.senderName,
    },
  };
}

/** Staff name the sender: the person's request goes into the queue, the photo is deleted, the audit records it. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { staff, photo } = await loadPhoto(request, context, params.photoId);
  const submission = parseWithZod(await request.formData(), { schema: ConfirmPhotoSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  if (!isWaitingForSender(photo.state)) {
    return data(submission.reply({ formErrors: ["This photo was identified or deleted already."] }), { status: 409 });
  }
  const chosen = await chosenSender(context.env, photo, submission.value);
  if (!chosen) return data(submission.reply({ fieldErrors: { sender: [CONFIRM_PHOTO_MESSAGES.notShown] } }), { status: 400 });
  // A sender staff add to the catalog here shows on /learn.
  const outcome = await changingPublicPages(request, context, () =>
    identifyPhotoByStaff(context.env, { id: staff.id, role: staff.role }, photo, {
      ...chosen,
      customerNumber: submission.value.customerNumber || null,
      keyCode: submission.value.keyCode || null,
    }),
  );
  if (!outcome.ok) {
    const field = outcome.field ? senderFieldOf(submission.value.sender) : null;
    // The person's own wording would speak to staff as if they were the one out of requests.
    const message = outcome.allowanceRefused
      ? "This person has used their free requests and has no plan, so nothing was sent. The photo stays here until they subscribe or it expires."
      : outcome.message;
    return data(submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }), { status: outcome.status });
  }
  const done = new URLSearchParams({
    done:
      outcome.kind === "seen"
        ? `the photo shows mail from ${chosen.senderName}, whose request was sent already: it is kept as a piece seen in their mail; the photo is deleted.`
        : `the photo's request to ${chosen.senderName} is in the queue; the photo is deleted.`,
  });
  return redirect(`/admin/queue?${done}`, 303);
}

export default function IdentifyPhoto() {
  const { photo, isAdmin } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof ConfirmPhotoSchema>>({
    lastResult,
    defaultValue: { customerNumber: photo.customerNumber ?? "", keyCode: photo.keyCode ?? "" },
    constraint: getZodConstraint(ConfirmPhotoSchema),
  });
  const waiting = isWaitingForSender(photo.state);
  return (
    <section aria-labelledby="page-title">
      <p className="eyebrow">
        <Link to="/admin/queue">Work queue</Link>
      </p>
      <h1 id="page-title">Photo of mail sent {photo.sent}</h1>
      <p>
        By <Link to={`/admin/users/${photo.userId}`}>{photo.userId}</Link>.{" "}
        {waiting
          ? `Why it is here: ${photo.readProblem ?? "the person has not confirmed the sender yet"}.`
          : `Identified: ${photo.senderName ?? "deleted unidentified"}.`}
      </p>
      <PhotoImages photoId={photo.id} count={photo.imageCount} />
      {photo.transcript ? (
        <details open>
          <summary>Text read off the photo</summary>
          <pre className="letter">{photo.transcript}</pre>
        </details>
      ) : null}
      {waiting ? (
        <Form method="post" className="form" {...getFormProps(form)} noValidate>
          <ErrorSummary form={form} fields={photoSenderSummary(fields)} />
          <PhotoSenderFields
            fields={fields}
            suggestions={photo.suggestions}
            read={{ customerNumber: Boolean(photo.customerNumber), keyCode: Boolean(photo.keyCode) }}
          />
          <p className="hint">
            A name typed exactly as a catalog sender&apos;s name or alias becomes that sender; any other is sent as typed and shows under
            “What people asked for”.
            {isAdmin ? (
              <>
                {" "}
                A sender the catalog lacks can be <Link to="/admin/senders/new">added to the catalog</Link> first.
              </>
            ) : null}
          </p>
          <button type="submit" className="button">
            Send the request for this sender
          </button>
        </Form>
      ) : null}
    </section>
  );
}

export const meta = () => pageMeta("Photo of mail");
