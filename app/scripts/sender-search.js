/*
 * The sender box of /requests/add as a combobox: suggestions from the catalog as the person types
 * (ARIA 1.2 combobox with a listbox). The page works without this file: "Find sender" shows the
 * same matches. Written for old browsers too: no modules, no build step.
 */
(function () {
  var box = document.querySelector("[data-sender-search]");
  if (!box || !window.fetch || !window.URLSearchParams) return;
  var input = box.querySelector("input[name=senderName]");
  var form = input && input.form;
  if (!form) return;
  var endpoint = box.getAttribute("data-sender-search");

  var list = document.createElement("ul");
  list.id = "sender-suggestions";
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", "Senders we know");
  list.className = "suggestions";
  list.hidden = true;
  input.insertAdjacentElement("afterend", list);

  var status = document.createElement("p");
  status.className = "visually-hidden";
  status.setAttribute("role", "status");
  list.insertAdjacentElement("afterend", status);

  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-expanded", "false");
  input.setAttribute("aria-controls", list.id);

  var options = [];
  var active = -1;
  var asked = 0;
  var timer = null;

  function chosenField() {
    var field = form.querySelector("input[type=hidden][name=templateId]");
    if (!field) {
      // The matches of a search made without this script are out of date once the name changes.
      var matches = form.querySelector(".sender-matches");
      if (matches) matches.parentNode.removeChild(matches);
      field = document.createElement("input");
      field.type = "hidden";
      field.name = "templateId";
      box.appendChild(field);
    }
    return field;
  }

  function close() {
    list.hidden = true;
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
    active = -1;
  }

  function highlight(index) {
    active = index;
    for (var i = 0; i < list.children.length; i += 1) list.children[i].setAttribute("aria-selected", i === index ? "true" : "false");
    if (index >= 0) input.setAttribute("aria-activedescendant", list.children[index].id);
    else input.removeAttribute("aria-activedescendant");
  }

  function pick(index) {
    var match = options[index];
    if (!match) return;
    input.value = match.title;
    chosenField().value = match.id;
    close();
    status.textContent = match.title + " chosen.";
  }

  function show(matches) {
    options = matches;
    list.innerHTML = "";
    matches.forEach(function (match, index) {
      var item = document.createElement("li");
      item.id = "sender-suggestion-" + index;
      item.setAttribute("role", "option");
      item.setAttribute("aria-selected", "false");
      var name = document.createElement("span");
      name.textContent = match.title;
      var detail = document.createElement("span");
      detail.className = "hint";
      detail.textContent = " " + match.category + (match.alias ? ", also known as " + match.alias : "");
      item.appendChild(name);
      item.appendChild(detail);
      // mousedown, not click: it comes before the input loses focus.
      item.addEventListener("mousedown", function (event) {
        event.preventDefault();
        pick(index);
      });
      list.appendChild(item);
    });
    var open = matches.length > 0;
    list.hidden = !open;
    input.setAttribute("aria-expanded", open ? "true" : "false");
    active = -1;
    status.textContent = open
      ? matches.length + (matches.length === 1 ? " sender matches." : " senders match.") + " Use the arrow keys to choose."
      : "No sender in our list matches. You can send it as you typed it.";
  }

  function suggest() {
    var typed = input.value;
    var mine = (asked += 1);
    if (!typed.trim()) return close();
    fetch(endpoint + "?" + new URLSearchParams({ q: typed }).toString(), {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    })
      .then(function (response) {
        return response.ok ? response.json() : { matches: [] };
      })
      .then(function (body) {
        if (mine === asked) show(body.matches || []);
      })
      .catch(function () {
        if (mine === asked) close();
      });
  }

  input.addEventListener("input", function () {
    chosenField().value = "";
    clearTimeout(timer);
    timer = setTimeout(suggest, 150);
  });
  input.addEventListener("keydown", function (event) {
    if (list.hidden) return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      highlight((active + 1) % options.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      highlight(active <= 0 ? options.length - 1 : active - 1);
    } else if (event.key === "Enter" && active >= 0) {
      event.preventDefault();
      pick(active);
    } else if (event.key === "Escape") {
      event.preventDefault();
      close();
    }
  });
  input.addEventListener("blur", close);
})();
