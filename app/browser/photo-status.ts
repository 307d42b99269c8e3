/*
 * The reading page of a photo of mail: asks every two seconds whether the reading is done, and
 * shows the result when it is. Without this script, "Check again" does the same by hand.
 */
const reading = document.querySelector("[data-photo-reading]");
const endpoint = reading?.getAttribute("data-photo-reading");
const MAX_TRIES = 90;
let tries = 0;

function check(url: string) {
  tries += 1;
  fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
    .then((response) => (response.ok ? (response.json() as Promise<{ state?: string }>) : null))
    .then((answer) => {
      if (answer && answer.state !== "reading") window.location.reload();
      else if (tries < MAX_TRIES) setTimeout(() => check(url), 2000);
    })
    .catch(() => {
      if (tries < MAX_TRIES) setTimeout(() => check(url), 4000);
    });
}

if (endpoint) setTimeout(() => check(endpoint), 1500);
