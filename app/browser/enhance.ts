/*
 * What the interactive pages (signup, sign-in, the dashboard, the address form, the account page) do with
 * JavaScript on, in place of a framework: decision 0034. Every page works the same without it,
 * as plain form posts; nothing here is needed for a post to reach the server.
 */
const SENDING = "data-sending";

// A second press while the first post is on its way would send the form twice. The button
// stays enabled (a disabled submitter drops its name and value from the post) and says what is
// happening when it has words for that.
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || (form.method || "").toLowerCase() !== "post") return;
  if (form.hasAttribute(SENDING)) return event.preventDefault();
  form.setAttribute(SENDING, "");
  form.setAttribute("aria-busy", "true");
  const button = event.submitter;
  const pending = button?.getAttribute("data-pending-label");
  if (button && pending) {
    button.setAttribute("data-label", button.textContent ?? "");
    button.textContent = pending;
  }
});

// Back to a page kept in the back/forward cache: its forms may be sent again.
window.addEventListener("pageshow", (event) => {
  if (!event.persisted) return;
  for (const form of document.querySelectorAll(`form[${SENDING}]`)) {
    form.removeAttribute(SENDING);
    form.removeAttribute("aria-busy");
    for (const labelled of form.querySelectorAll("[data-label]")) labelled.textContent = labelled.getAttribute("data-label");
  }
});

// The summary of a refused form, or else the message an action answered with: focus goes there,
// where a keyboard or screen reader user reads on from (the button they pressed is gone with the
// page). The summary asks for it with autofocus too, which works without JavaScript.
// Chromium clears focus again when it scrolls to the URL's #fragment, after this runs: once
// loaded, focus the message again unless the user has gone somewhere already.
const message = document.querySelector<HTMLElement>("[data-error-summary]") ?? document.querySelector<HTMLElement>("[data-focus-on-load]");
function focusMessage() {
  if (message && (!document.activeElement || document.activeElement === document.body)) message.focus();
}
focusMessage();
window.addEventListener("load", () => setTimeout(focusMessage, 0));

// A link in the summary goes to its field with the field's label and hint in view, not just the
// control at the very top of the screen.
document.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("[data-error-summary] a[href^='#']") : null;
  const control = link ? document.getElementById(decodeURIComponent(link.hash.slice(1))) : null;
  if (!control) return;
  event.preventDefault();
  (control.closest(".field") ?? control).scrollIntoView({ block: "start" });
  control.focus({ preventScroll: true });
});

// Controls that need JavaScript come in the HTML hidden, and show only here: no dead button
// without it. A link that does the same without JavaScript steps aside.
function reveal(selector: string, wire: (control: HTMLButtonElement) => void) {
  for (const control of document.querySelectorAll<HTMLButtonElement>(selector)) {
    const fallback = control.getAttribute("data-replaces");
    const link = fallback ? document.getElementById(fallback) : null;
    if (link) link.hidden = true;
    wire(control);
    control.hidden = false;
  }
}

reveal("button[data-print]", (button) => {
  const row = button.closest<HTMLElement>("[data-print-row]");
  if (row) row.hidden = false;
  button.addEventListener("click", () => window.print());
});

reveal("button[data-copy]", (button) => {
  const status = document.getElementById(button.getAttribute("data-status") ?? "");
  const sheet = document.getElementById(button.getAttribute("data-copy") ?? "");
  if (sheet && status) copyOnClick(button, sheet, status, () => letterText(sheet));
});

// The mailbox address, to paste into a mail provider's forwarding settings (decision 0073).
reveal("button[data-copy-text]", (button) => {
  const status = document.getElementById(button.getAttribute("data-status") ?? "");
  const source = document.getElementById(button.getAttribute("data-copy-text") ?? "");
  if (source && status) copyOnClick(button, source, status, () => (source.textContent ?? "").trim());
});

// The address block, a blank line, then the letter: the text file and the printed page.
function letterText(sheet: HTMLElement) {
  const lines = Array.from(sheet.querySelectorAll("address span"), (span) => span.textContent ?? "");
  const letter = sheet.querySelector("pre")?.textContent ?? "";
  return lines.length ? lines.join("\n") + "\n\n" + letter : letter;
}

function copyOnClick(button: HTMLButtonElement, sheet: HTMLElement, status: HTMLElement, textOf: () => string) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  function say(text: string) {
    status.textContent = text;
    clearTimeout(timer);
    timer = setTimeout(() => (status.textContent = ""), 4000);
  }
  function select() {
    const range = document.createRange();
    range.selectNodeContents(sheet);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    say("Selected: press Ctrl+C (or \u2318C) to copy.");
  }
  button.addEventListener("click", () => {
    if (!navigator.clipboard) return select();
    navigator.clipboard.writeText(textOf()).then(() => say("Copied."), select);
  });
}

// Boxes limited by what the allowance pays for: say how many more can be chosen as they are
// ticked, and stop the unticked ones at the limit. The server refuses any extra all the same.
for (const choices of document.querySelectorAll<HTMLElement>("[data-choose-up-to]")) {
  const limit = Number(choices.getAttribute("data-choose-up-to"));
  // The note and the count sit under the button, the boxes folded under it too: all in the one form.
  const scope = choices.closest("form") ?? choices;
  const count = scope.querySelector<HTMLElement>("[data-choice-count]");
  // What that many ticked use of the free requests, by how many: the server's words. The count
  // says it from now on, in place of the note that was true of the ticks the page came with.
  const notes = parseNotes(count?.getAttribute("data-notes"));
  const staticNote = scope.querySelector<HTMLElement>("[data-choice-note]");
  if (staticNote && count) {
    staticNote.hidden = true;
    for (const button of scope.querySelectorAll(`[aria-describedby~="${staticNote.id}"]`)) {
      const ids = (button.getAttribute("aria-describedby") ?? "").split(" ");
      button.setAttribute("aria-describedby", ids.map((id) => (id === staticNote.id ? count.id : id)).join(" "));
    }
  }
  const boxes = Array.from(scope.querySelectorAll<HTMLInputElement>("input[type=checkbox]"));
  // "Choose at least one" no longer holds once one is ticked.
  const fieldset = choices.closest("fieldset");
  const nothingChosen = fieldset ? document.getElementById(`${fieldset.id}-error`) : null;
  const update = () => {
    const chosen = boxes.filter((box) => box.checked).length;
    const more = Math.max(limit - chosen, 0);
    if (nothingChosen) nothingChosen.hidden = chosen > 0;
    for (const box of boxes) box.disabled = more === 0 && !box.checked;
    const room = more === 0 ? "No more can be chosen." : `${more} more can be chosen.`;
    if (count) count.textContent = [notes[chosen] ?? "", room].filter(Boolean).join(" ");
  };
  scope.addEventListener("change", update);
  // Boxes the browser ticks again on the way back to the page.
  window.addEventListener("pageshow", update);
  update();
}

function parseNotes(json: string | null | undefined): string[] {
  try {
    const notes: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(notes) ? notes.map(String) : [];
  } catch {
    return [];
  }
}
