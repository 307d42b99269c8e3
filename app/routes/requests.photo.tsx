import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AllowanceUsedUp } from "~/components/requests/allowance-used-up";
import { describedControl, Field, FormError } from "~/components/ui/form";
import { PHOTO_LIMITS } from "~/domain/mail-photo";
import { ALLOWANCE_REFUSED_MESSAGE, requestsAffordable } from "~/domain/requests";
import { storeMailPhoto } from "~/services/mail-photos.server";
import { requireUser, type CurrentUser } from "~/services/auth.server";
import { pageMeta } from "~/utils/meta";
import photoUploadSrc from "~/browser/photo-upload.ts?script";

const FIELD = "photo";

const canAfford = (user: CurrentUser) => requestsAffordable(user) > 0;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return { usedUp: !canAfford(user) };
}

/**
 * A plain multipart post (the browser's script only makes the photos smaller first): the photos
 * are checked and stored, and the person goes to the page that follows their reading.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  // A photo we could not act on would only make work: the free requests must not be used up.
  if (!canAfford(user)) return data({ formError: ALLOWANCE_REFUSED_MESSAGE, fieldError: null }, { status: 403 });
  const form = await request.formData();
  // A file input left empty still sends a part, with no name and no bytes.
  const files = form.getAll(FIELD).filter((value): value is File => typeof value !== "string" && (value.name !== "" || value.size > 0));
  const stored = await storeMailPhoto(context.env, user, files);
  if (!stored.ok) return data({ formError: null, fieldError: stored.message }, { status: 400 });
  return redirect(`/requests/photo/${stored.photoId}`, 303);
}

export default function SendPhoto() {
  const { usedUp } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const fieldErrors = outcome?.fieldError ? [outcome.fieldError] : undefined;
  return (
    <section className="page narrow" aria-labelledby="page-title">
      <p className="eyebrow">
        <Link to="/dashboard">Your requests</Link>
      </p>
      <h1 id="page-title">Send a photo of the mail</h1>
      <p className="lead">
        Take a photo of the envelope, catalog or postcard, with its mailing label, or choose photos you took already. We read who sent it
        and the numbers on the label for you, and you confirm before anything is sent.
      </p>
      {usedUp ? <AllowanceUsedUp /> : null}
      <Form method="post" encType="multipart/form-data" className="form" data-photo-upload noValidate>
        <FormError id="photo-form-error" errors={outcome?.formError ? [outcome.formError] : undefined} />
        <Field
          id={FIELD}
          label="Photos of the mail piece"
          errors={fieldErrors}
          hint={
            <>
              The side with the sender&apos;s name, and the mailing label if it is on the other side: up to {PHOTO_LIMITS.maxImages} photos,
              JPEG, PNG or WebP, {PHOTO_LIMITS.maxImageBytes / 1024 / 1024} MB each. A photo straight from a phone is often 2 to 5 MB: on a
              slow connection, sending it can take a minute.
            </>
          }
        >
          <input
            id={FIELD}
            name={FIELD}
            type="file"
            accept="image/*"
            multiple
            required
            {...describedControl({ id: FIELD, errors: fieldErrors, hasHint: true })}
          />
        </Field>
        <p className="note" data-photo-progress hidden aria-live="polite" />
        <button type="submit" className="button">
          Send photo
        </button>
      </Form>
      <p className="note spaced">
        We remove the location and camera details from your photo before we store it. Only you and our staff can see it, and we delete it as
        soon as we know who sent the piece, or after {PHOTO_LIMITS.keepDays} days. <Link to="/privacy#photos">How we handle photos</Link>
      </p>
      <p>
        <Link to="/requests/add">Rather type the sender&apos;s name</Link>
      </p>
      <script src={photoUploadSrc} defer />
    </section>
  );
}

export const meta = () => pageMeta("Send a photo of the mail");
