import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary } from "~/components/ui/form";
import { describedByNote, FreeRequestsNote } from "~/components/requests/free-requests-note";
import { PhotoImages } from "~/components/requests/photo-images";
import { PhotoSenderFields, photoSenderSummary } from "~/components/requests/photo-sender-fields";
import { LetterPeople } from "~/components/requests/letter-people";
import { noticeUrl, requestSentUrl } from "~/domain/dashboard";
import { freeRequestsUsedNote, requestsAffordable } from "~/domain/requests";
import {
  CONFIRM_PHOTO_MESSAGES,
  ConfirmPhotoSchema,
  isSamePerson,
  isWaitingForSender,
  PHOTO_LIMITS,
  senderFieldOf,
} from "~/domain/mail-photo";
import { getUserPhoto } from "~/models/mail-photo.server";
import { getAddRequestOptions } from "~/models/request.server";
import { chosenSender, confirmPhotoSender, discardPhoto } from "~/services/mail-photos.server";
import { requireUser } from "~/services/auth.server";
import { dbFor } from "~/utils/db.server";
import { isUnknownIntent, UNKNOWN_INTENT_MESSAGE } from "~/utils/intent";
import { pageMeta } from "~/utils/meta";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { invariantResponse } from "~/utils/http-errors";
import photoStatusSrc from "~/browser/photo-status.ts?script";

const PhotoActionSchema = z.discriminatedUnion("intent", [
  ConfirmPhotoSchema.extend({ intent: z.literal("confirm") }),
  z.object({ intent: z.literal("discard") }),
]);

/** The user's own photo; anyone else's answers 404, exactly like one that does not exist. */
async function loadPhoto(request: Request, context: AppLoadContext, photoId: string | undefined) {
  const user = await requireUser(request, context);
  const photo = photoId ? await getUserPhoto(await dbFor(context.env, user.id), user.id, photoId) : null;
  invariantResponse(photo);
  return { user, photo };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, photo } = await loadPhoto(request, context, params.photoId);
  const options = await getAddRequestOptions(await dbFor(context.env, user.id), user.id);
  invariantResponse(options);
  const people = options.people.map((person) => ({ id: person.id, fullName: person.fullName }));
  const addressee = photo.addressee;
  // The name on the label, when it is someone the letter does not already name: the person can add them.
  const labelPerson = addressee ? people.find((person) => isSamePerson(addressee, person.fullName)) : undefined;
  const addresseeIsHolder = addressee ? isSamePerson(addressee, options.account.fullName) : false;
  return {
    photo: {
      id: photo.id,
      state: photo.state,
      imageCount: photo.imageKeys.length,
      suggestions: photo.suggestions,
      customerNumber: photo.customerNumber,
      keyCode: photo.keyCode,
      addressee,
      senderName: photo.senderName,
      requestId: photo.requestId,
    },
    holderName: options.account.fullName,
    sendNote: freeRequestsUsedNote(
      1,
      requestsAffordable({ stripeSubscriptionId: user.stripeSubscriptionId, numOfFreeRequest: options.account.numOfFreeRequest }),
    ),
    people,
    addresseeUnknown: Boolean(addressee && !labelPerson && !addresseeIsHolder),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user, photo } = await loadPhoto(request, context, params.photoId);
  const submission = parseWithZod(await request.formData(), { schema: PhotoActionSchema });
  if (submission.status !== "success") {
    const errors = isUnknownIntent(submission) ? { formErrors: [UNKNOWN_INTENT_MESSAGE] } : undefined;
    return data(submission.reply(errors), { status: 400 });
  }
  if (submission.value.intent === "discard") {
    await discardPhoto(context.env, photo);
    return redirect("/dashboard", 303);
  }
  if (!isWaitingForSender(photo.state)) return redirect(`/requests/photo/${photo.id}`, 303);

  const { customerNumber, keyCode, recipientIds } = submission.value;
  const chosen = await chosenSender(context.env, photo, submission.value);
  if (!chosen) return data(submission.reply({ fieldErrors: { sender: [CONFIRM_PHOTO_MESSAGES.notShown] } }), { status: 400 });
  const outcome = await confirmPhotoSender(context.env, user, photo, {
    ...chosen,
    customerNumber: customerNumber || null,
    keyCode: keyCode || null,
    recipientIds,
  });
  if (!outcome.ok) {
    const field = outcome.field ? senderFieldOf(submission.value.sender) : null;
    const errors = field ? { fieldErrors: { [field]: [outcome.message] } } : { formErrors: [outcome.message] };
    return data(submission.reply(errors), { status: outcome.status });
  }
  return redirect(
    outcome.kind === "seen"
      ? noticeUrl({ notice: "pieceSeen", about: outcome.requestId }, { openRequest: outcome.requestId })
      : requestSentUrl(outcome.requestId),
    303,
  );
}

export default function PhotoOfMail() {
  const { photo } = useLoaderData<typeof loader>();
  return (
    <section className="page narrow" aria-labelledby="page-title">
      <p className="eyebrow">
        <Link to="/dashboard">Your requests</Link>
      </p>
      {photo.state === "reading" ? <Reading photoId={photo.id} imageCount={photo.imageCount} /> : null}
      {isWaitingForSender(photo.state) ? <ChooseSender /> : null}
      {photo.state === "identified" ? (
        <>
          <h1 id="page-title">We know who sent it: {photo.senderName}</h1>
          <p className="lead">Your request is on your dashboard, and the photo is deleted.</p>
          <p>
            <Link to="/dashboard" className="button">
              Your requests
            </Link>
          </p>
        </>
      ) : null}
      {photo.state === "expired" ? (
        <>
          <h1 id="page-title">This photo is deleted</h1>
          <p className="lead">
            It was deleted, either by you or because its sender was not found within {PHOTO_LIMITS.keepDays} days. You can still send a
            request by typing the sender&apos;s name.
          </p>
          <p>
            <Link to="/requests/add" className="button">
              Add a request
            </Link>
          </p>
        </>
      ) : null}
    </section>
  );
}

/** While the queue reads the photo: a link to look again (the script looks by itself). */
function Reading({ photoId, imageCount }: { photoId: string; imageCount: number }) {
  return (
    <>
      <h1 id="page-title">Reading your photo…</h1>
      <p className="lead" data-photo-reading={`/requests/photo/${photoId}/state`}>
        This usually takes a few seconds. We look for the sender&apos;s name and the customer number on the label.
      </p>
      <p>
        <a href={`/requests/photo/${photoId}`} className="button">
          Check again
        </a>
      </p>
      <PhotoImages photoId={photoId} count={imageCount} />
      <script src={photoStatusSrc} defer />
    </>
  );
}

const SEND_NOTE_ID = "send-request-note";

/**
 * "Is this from …?": the confident suggestion chosen already, the other suggestions, another name,
 * the label's numbers and the people on the letter. When staff will look, leaving it to them is
 * the page's main action and needs no choice; a person who knows the sender may still send it.
 */
function ChooseSender() {
  const { photo, people, holderName, addresseeUnknown, sendNote } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const confident = photo.state === "suggested";
  const [best] = photo.suggestions;
  const [form, fields] = useForm<z.input<typeof ConfirmPhotoSchema>>({
    lastResult,
    defaultValue: {
      sender: confident ? best?.templateId : undefined,
      customerNumber: photo.customerNumber ?? "",
      keyCode: photo.keyCode ?? "",
    },
    constraint: getZodConstraint(ConfirmPhotoSchema),
  });
  const chosen = (fields.sender.value ?? fields.sender.initialValue) as string | undefined;
  const sent = fields.recipientIds.initialValue as string | string[] | undefined;
  const ticked = new Set(lastResult ? [sent ?? []].flat() : people.map((person) => person.id));

  return (
    <>
      <h1 id="page-title">{confident && best ? `Is this from ${best.title}?` : "Our staff will look at your photo"}</h1>
      <p className="lead">
        {confident
          ? "We read this on your photo. Check the sender and the numbers, then send the request."
          : "We couldn't tell for sure who sent this piece, so one of our staff will look at the photo, send the request for you and email you, usually within two business days. You don't need to do anything more."}
      </p>
      <PhotoImages photoId={photo.id} count={photo.imageCount} />
      {confident ? null : (
        <>
          <p>
            <Link to="/dashboard" className="button">
              Leave it with our staff
            </Link>
          </p>
          <h2 id="know-the-sender">Know who sent it?</h2>
          <p>Then you can send the request yourself now, instead of waiting for our staff.</p>
        </>
      )}
      <Form method="post" className="form" {...getFormProps(form)} aria-labelledby={confident ? undefined : "know-the-sender"} noValidate>
        <ErrorSummary form={form} fields={photoSenderSummary(fields)} />
        <input type="hidden" name="intent" value="confirm" />
        <PhotoSenderFields
          fields={fields}
          chosen={chosen}
          suggestions={photo.suggestions}
          read={{ customerNumber: Boolean(photo.customerNumber), keyCode: Boolean(photo.keyCode) }}
        />
        <LetterPeople
          holderName={holderName}
          people={people}
          name={fields.recipientIds.name}
          ticked={ticked}
          note={
            photo.addressee
              ? `The label is addressed to ${photo.addressee}.`
              : "Everyone it names is removed, with every spelling you list."
          }
          footer={
            addresseeUnknown ? (
              <p className="hint">
                {photo.addressee} is not on your list yet. <Link to="/recipients/add">Add them</Link>, then come back to this page, so the
                letter names them too.
              </p>
            ) : null
          }
        />
        <button
          type="submit"
          className={confident ? "button" : "button button-quiet"}
          aria-describedby={describedByNote(SEND_NOTE_ID, sendNote)}
        >
          {confident ? "Yes, send the request" : "Send the request myself"}
        </button>
        <FreeRequestsNote id={SEND_NOTE_ID} note={sendNote} />
      </Form>
      <Form method="post" className="spaced">
        <input type="hidden" name="intent" value="discard" />
        <button type="submit" className="button button-quiet">
          Delete the photo and stop
        </button>
      </Form>
    </>
  );
}

export const meta = () => pageMeta("Photo of your mail");
