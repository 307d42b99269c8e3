/*
 * What the interactive pages (signup, sign-in, the dashboard, the address form) do with
 * JavaScript on, in place of a framework: decision 0034. Every page works the same without it,
 * as plain form posts; nothing here is needed for a post to reach the server.
 * Written for old browsers too: no modules, no build step. Served from /assets/ under a name
 * that changes with its content, so a browser keeps it for a year (decision 0020).
 */
(function () {
  var sending = "data-sending";

  // A second press while the first post is on its way would send the form twice. The button
  // stays enabled (a disabled submitter drops its name and value from the post) and says what is
  // happening when it has words for that.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || (form.method || "").toLowerCase() !== "post") return;
    if (form.hasAttribute(sending)) return event.preventDefault();
    form.setAttribute(sending, "");
    form.setAttribute("aria-busy", "true");
    var button = event.submitter;
    var pending = button && button.getAttribute("data-pending-label");
    if (pending) {
      button.setAttribute("data-label", button.textContent);
      button.textContent = pending;
    }
  });

  // Back to a page kept in the back/forward cache: its forms may be sent again.
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) return;
    var forms = document.querySelectorAll("form[" + sending + "]");
    for (var i = 0; i < forms.length; i++) {
      forms[i].removeAttribute(sending);
      forms[i].removeAttribute("aria-busy");
      var labelled = forms[i].querySelectorAll("[data-label]");
      for (var j = 0; j < labelled.length; j++) labelled[j].textContent = labelled[j].getAttribute("data-label");
    }
  });

  // The message a refused form or an action answered with: focus goes there, where a keyboard or
  // screen reader user reads on from (the button they pressed is gone with the page).
  // Chromium clears focus again when it scrolls to the URL's #fragment, after this runs: once
  // loaded, focus the message again unless the user has gone somewhere already.
  var message = document.querySelector("[data-focus-on-load]");
  function focusMessage() {
    if (message && message.focus && (!document.activeElement || document.activeElement === document.body)) message.focus();
  }
  focusMessage();
  window.addEventListener("load", function () {
    setTimeout(focusMessage, 0);
  });

  // Controls that need JavaScript come in the HTML hidden, and show only here: no dead button
  // without it. A link that does the same without JavaScript steps aside.
  function reveal(selector, wire) {
    var controls = document.querySelectorAll(selector);
    for (var i = 0; i < controls.length; i++) {
      var control = controls[i];
      var fallback = control.getAttribute("data-replaces");
      if (fallback) {
        var link = document.getElementById(fallback);
        if (link) link.hidden = true;
      }
      wire(control);
      control.hidden = false;
    }
  }

  reveal("button[data-print]", function (button) {
    var row = button.closest && button.closest("[data-print-row]");
    if (row) row.hidden = false;
    button.addEventListener("click", function () {
      window.print();
    });
  });

  reveal("button[data-copy]", function (button) {
    var status = document.getElementById(button.getAttribute("data-status"));
    var sheet = document.getElementById(button.getAttribute("data-copy"));
    var timer;
    if (!sheet || !status) return;
    function say(text) {
      status.textContent = text;
      clearTimeout(timer);
      timer = setTimeout(function () {
        status.textContent = "";
      }, 4000);
    }
    function select() {
      var range = document.createRange();
      range.selectNodeContents(sheet);
      window.getSelection().removeAllRanges();
      window.getSelection().addRange(range);
      say("Selected: press Ctrl+C (or \u2318C) to copy.");
    }
    // The address block, a blank line, then the letter: the text file and the printed page.
    function text() {
      var lines = [];
      var spans = sheet.querySelectorAll("address span");
      for (var i = 0; i < spans.length; i++) lines.push(spans[i].textContent);
      var letter = sheet.querySelector("pre").textContent;
      return lines.length ? lines.join("\n") + "\n\n" + letter : letter;
    }
    button.addEventListener("click", function () {
      if (!navigator.clipboard) return select();
      navigator.clipboard.writeText(text()).then(function () {
        say("Copied.");
      }, select);
    });
  });
})();
