/*
 * The photo form of /requests/photo: the browser makes each photo smaller before it is sent (long
 * side 1600 px, JPEG), and shows how far the upload has come. The page works without this script:
 * the form posts the photos as they are, and the server never depends on what is done here.
 * Photos chosen from a phone's gallery may be HEIC, or have no type at all: whatever the browser
 * can draw is sent as a JPEG, and what it cannot is sent as it is, for the server to judge.
 */
type Loaded = { image: CanvasImageSource; width: number; height: number };

const LONG_SIDE = 1600;
const form = document.querySelector<HTMLFormElement>("form[data-photo-upload]");
const canvas = document.createElement("canvas");
const input = form?.querySelector<HTMLInputElement>("input[type=file]");
const status = form?.querySelector<HTMLElement>("[data-photo-progress]");
const button = form?.querySelector<HTMLButtonElement>("button[type=submit]");
if (form && input && status && button) {
  shrinkBeforeSending(form, input, status, button);
}

function shrinkBeforeSending(form: HTMLFormElement, input: HTMLInputElement, status: HTMLElement, button: HTMLButtonElement) {
  let sending = false;

  function say(text: string) {
    status.hidden = false;
    status.textContent = text;
  }

  // createImageBitmap turns the photo upright as the camera held it; older browsers draw an <img>.
  function loadImage(file: File, done: (loaded: Loaded | null) => void) {
    if ("createImageBitmap" in window) {
      createImageBitmap(file).then(
        (bitmap) => done({ image: bitmap, width: bitmap.width, height: bitmap.height }),
        () => done(null),
      );
      return;
    }
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      done({ image, width: image.naturalWidth, height: image.naturalHeight });
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      done(null);
    };
    image.src = url;
  }

  // The photo as a JPEG of at most LONG_SIDE pixels, or the file itself when that cannot be done.
  function shrink(file: File, done: (file: File) => void) {
    const serverReads = /^image\/(jpeg|png|webp)$/.test(file.type);
    if (file.type && !file.type.startsWith("image/")) return done(file);
    loadImage(file, (loaded) => {
      const context = canvas.getContext("2d");
      if (!loaded || !context) return done(file);
      const scale = Math.min(1, LONG_SIDE / Math.max(loaded.width, loaded.height));
      canvas.width = Math.round(loaded.width * scale);
      canvas.height = Math.round(loaded.height * scale);
      context.drawImage(loaded.image, 0, 0, canvas.width, canvas.height);
      canvas.toBlob(
        (blob) => {
          if (!blob || (serverReads && blob.size >= file.size)) return done(file);
          done(new File([blob], file.name.replace(/\.[^.]*$/, "") + ".jpg", { type: "image/jpeg" }));
        },
        "image/jpeg",
        0.85,
      );
    });
  }

  function send(files: File[]) {
    const data = new FormData();
    for (const file of files) data.append(input.name, file, file.name);
    const request = new XMLHttpRequest();
    request.open("POST", form.action);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) say("Sending your photo: " + Math.round((event.loaded / event.total) * 100) + "%");
    };
    request.onload = () => {
      // Stored: the post redirected to the photo's page. Refused: the answer is the form with its message.
      if (request.responseURL && request.responseURL.split("#")[0] !== form.action) {
        window.location.assign(request.responseURL);
      } else {
        document.open();
        document.write(request.responseText);
        document.close();
      }
    };
    request.onerror = request.onabort = () => {
      sending = false;
      button.disabled = false;
      say("The upload was interrupted. Check your connection and send the photo again.");
    };
    request.send(data);
  }

  form.addEventListener("submit", (event) => {
    const chosen = input.files ? Array.from(input.files) : [];
    if (chosen.length === 0) return; // the server says what is missing
    event.preventDefault();
    if (sending) return;
    sending = true;
    button.disabled = true;
    say("Making your photo smaller for a quick upload…");
    const ready: File[] = [];
    const next = (index: number): void => {
      const file = chosen[index];
      if (!file) return send(ready);
      shrink(file, (smaller) => {
        ready.push(smaller);
        next(index + 1);
      });
    };
    next(0);
  });
}
