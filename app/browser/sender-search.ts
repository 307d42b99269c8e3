/*
 * The sender box of /requests/add as a combobox: suggestions from the catalog as the person types
 * (ARIA 1.2 combobox with a listbox). The page works without this script: "Find sender" shows the
 * same matches.
 */
type Match = { id: string; title: string; category: string; alias?: string | null; outcome?: string | null };

const box = document.querySelector<HTMLElement>("[data-sender-search]");
const input = box?.querySelector<HTMLInputElement>("input[name=senderName]");
const form = input?.form;
if (box && input && form) combobox(box, input, form);

function combobox(box: HTMLElement, input: HTMLInputElement, form: HTMLFormElement) {
  const endpoint = box.getAttribute("data-sender-search") ?? "";

  const list = document.createElement("ul");
  list.id = "sender-suggestions";
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", "Senders we know");
  list.className = "suggestions";
  list.hidden = true;
  input.insertAdjacentElement("afterend", list);

  const status = document.createElement("p");
  status.className = "visually-hidden";
  status.setAttribute("role", "status");
  list.insertAdjacentElement("afterend", status);

  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-expanded", "false");
  input.setAttribute("aria-controls", list.id);

  let options: Match[] = [];
  let active = -1;
  let asked = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function chosenField() {
    let field = form.querySelector<HTMLInputElement>("input[type=hidden][name=templateId]");
    if (!field) {
      // The matches of a search made without this script are out of date once the name changes.
      form.querySelector(".sender-matches")?.remove();
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

  function highlight(index: number) {
    active = index;
    Array.from(list.children).forEach((item, i) => item.setAttribute("aria-selected", i === index ? "true" : "false"));
    const item = list.children[index];
    if (item) input.setAttribute("aria-activedescendant", item.id);
    else input.removeAttribute("aria-activedescendant");
  }

  function pick(index: number) {
    const match = options[index];
    if (!match) return;
    input.value = match.title;
    chosenField().value = match.id;
    close();
    status.textContent = match.title + " chosen.";
  }

  function show(matches: Match[]) {
    options = matches;
    list.innerHTML = "";
    matches.forEach((match, index) => {
      const item = document.createElement("li");
      item.id = "sender-suggestion-" + index;
      item.setAttribute("role", "option");
      item.setAttribute("aria-selected", "false");
      const name = document.createElement("span");
      name.textContent = match.title;
      const detail = document.createElement("span");
      detail.className = "hint";
      detail.textContent =
        " " + match.category + (match.alias ? ", also known as " + match.alias : "") + (match.outcome ? ". " + match.outcome : "");
      item.append(name, detail);
      // mousedown, not click: it comes before the input loses focus.
      item.addEventListener("mousedown", (event) => {
        event.preventDefault();
        pick(index);
      });
      list.appendChild(item);
    });
    const open = matches.length > 0;
    list.hidden = !open;
    input.setAttribute("aria-expanded", open ? "true" : "false");
    active = -1;
    status.textContent = open
      ? matches.length + (matches.length === 1 ? " sender matches." : " senders match.") + " Use the arrow keys to choose."
      : "No sender in our list matches. You can send it as you typed it.";
  }

  function suggest() {
    const typed = input.value;
    const mine = (asked += 1);
    if (!typed.trim()) return close();
    fetch(endpoint + "?" + new URLSearchParams({ q: typed }).toString(), {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    })
      .then((response) => (response.ok ? (response.json() as Promise<{ matches?: Match[] }>) : { matches: [] }))
      .then((body) => {
        if (mine === asked) show(body.matches ?? []);
      })
      .catch(() => {
        if (mine === asked) close();
      });
  }

  input.addEventListener("input", () => {
    chosenField().value = "";
    clearTimeout(timer);
    timer = setTimeout(suggest, 150);
  });
  input.addEventListener("keydown", (event) => {
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

  // A name sent without choosing came back with "Did you mean …?": focus goes to the question,
  // where a keyboard or screen reader user reads on (the button they pressed is gone with the page).
  form.querySelector<HTMLElement>("[data-sender-question]")?.focus();
}
