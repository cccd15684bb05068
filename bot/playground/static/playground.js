// The playground page: shows what one person sees in one channel and acts as them.
// The server (bot/playground/web.py) holds everything; this page asks /api/state again whenever
// /api/events says something changed. Ids are strings (snowflakes do not fit in a JS number).
// Messages are drawn by messages.js (DiscordMessages), which the preview page uses too.
"use strict";

const { el, avatar, messageNode } = DiscordMessages;

const view = { as: localStorage.getItem("as"), channel: localStorage.getItem("channel") };
let state = null;
let loading = false;
let again = false;
let commandShown = "";

const $ = (id) => document.getElementById(id);

// What the drawn messages need from this page: names for mentions, the app's emoji pictures
// (card faces) on the fake Discord, and clicks and choices sent as the person played as.
Object.assign(DiscordMessages.context, {
  emojiSrc: (id) => state && state.emoji_url ? `${state.emoji_url}${id}.png` : null,
  click: (message, item, control) =>
    act("/api/click", { message: message.id, custom_id: item.custom_id }, control),
  choose: (message, item, values, control) =>
    act("/api/choose", { message: message.id, custom_id: item.custom_id, values }, control),
});

// --- the page ------------------------------------------------------------------------------------

function toast(text) {
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 6000);
}

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ as: view.as, channel: view.channel, ...body }),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error || `${response.status} ${response.statusText}`);
  return data;
}

async function act(path, body, control) {
  if (control) control.classList.add("busy");
  try {
    await post(path, body);
  } catch (error) {
    toast(error.message);
    if (control) control.classList.remove("busy");
  }
}

function renderServers() {
  const current = currentGuild();
  $("servers").replaceChildren(...state.guilds.map((guild) => el("button", {
    class: guild === current ? "server active" : "server", type: "button", title: guild.name,
    "data-guild-id": guild.id, onclick: () => go({ channel: guild.channels[0].id }),
  }, guild.name.split(/\s+/).map((w) => w[0]).join("").slice(0, 3))));
  $("server-name").textContent = current.name;
  $("channels").replaceChildren(...current.channels.map((channel) => el("li", {
    class: channel.id === view.channel ? "channel active" : "channel",
    "data-channel-id": channel.id, onclick: () => go({ channel: channel.id }),
  }, channel.name)));
  const channel = current.channels.find((c) => c.id === view.channel);
  $("channel-name").textContent = channel.name;
}

// The bot's languages, each by its own name, as the server lists them (its locale files).
function languageName(code) {
  const language = state.languages.find((l) => l.code === code);
  return language ? language.name : code;
}

function renderLanguages() {
  const menu = $("language");
  const codes = state.languages.map((l) => l.code).join(" ");
  if (menu.dataset.codes === codes) return;
  menu.dataset.codes = codes;
  menu.replaceChildren(...state.languages.map((l) => el("option", { value: l.code }, l.name)));
}

function renderPeople() {
  $("people").replaceChildren(...state.people.map((person) => el("li", {
    class: person.id === view.as ? "person active" : "person", "data-user-id": person.id,
    onclick: () => go({ as: person.id }),
  }, avatar(person.id, person.name, false),
  el("div", {}, el("span", { class: "person-name" }, person.name), " ",
    person.moderator && el("span", { class: "crown", title: "Manage Server" }, "♛"),
    el("small", {}, languageName(person.language),
      person.colorblind ? " · colour-blind faces" : "")))));
  const me = state.people.find((p) => p.id === view.as);
  $("settings-name").textContent = me.name;
  renderLanguages();
  $("language").value = me.language;
  $("colorblind").checked = me.colorblind;
  $("me").replaceChildren(avatar(me.id, me.name, false),
    el("div", {}, el("b", {}, me.name), el("small", {}, "you are playing as them")));
}

function renderCommands() {
  const select = $("command");
  const chosen = select.value || "uno create";
  // Drawn again in another server too: its role options list that server's roles.
  const key = currentGuild().id + state.commands.map((c) => c.shown + c.description).join("|");
  if (key !== commandShown) {
    commandShown = key;
    select.replaceChildren(...state.commands.map((c) => el("option", { value: c.path }, c.shown)));
    select.value = state.commands.some((c) => c.path === chosen) ? chosen : state.commands[0]?.path;
    renderOptions();
  }
}

function renderOptions() {
  const command = state.commands.find((c) => c.path === $("command").value);
  $("command-help").textContent = command ? command.description : "";
  $("options").replaceChildren(...(command ? command.options : []).map((option) => {
    let input;
    if (option.choices.length > 0) {
      input = el("select", { name: option.name }, el("option", { value: "" }, "—"),
        option.choices.map((c) => el("option", { value: String(c.value) }, c.name)));
    } else if (option.type === 5) {
      input = el("select", { name: option.name }, el("option", { value: "" }, "—"),
        el("option", { value: "true" }, "True"), el("option", { value: "false" }, "False"));
    } else if (option.type === 6) {
      input = el("select", { name: option.name }, el("option", { value: "" }, "—"),
        state.people.map((p) => el("option", { value: p.id }, p.name)));
    } else if (option.type === 8) {  // a role of this server
      input = el("select", { name: option.name }, el("option", { value: "" }, "—"),
        currentGuild().roles.map((r) => el("option", { value: r.id }, r.name)));
    } else {
      input = el("input", { name: option.name, type: option.type === 4 || option.type === 10 ? "number" : "text" });
    }
    input.dataset.type = option.type;
    return el("label", { class: option.required ? "option required" : "option", title: option.description },
      el("span", {}, option.shown), input);
  }));
}

function render() {
  renderServers();
  renderPeople();
  renderCommands();
  const box = $("messages");
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
  // A re-render must not close a menu someone is picking in, nor forget their ticks.
  const open = new Map([...box.querySelectorAll("details.menu[open]")].map((menu) =>
    [`${menu.dataset.messageId}/${menu.dataset.customId}`,
      [...menu.querySelectorAll("input:checked")].map((i) => i.value)]));
  const nodes = state.messages.map((message) => messageNode(message));
  if (nodes.length === 0) {
    nodes.push(el("div", { class: "empty" }, el("strong", {}, "Nobody has played here yet"),
      "Pick /uno create below and press Send, then switch people to join."));
  }
  box.replaceChildren(...nodes);
  for (const menu of box.querySelectorAll("details.menu")) {
    const ticked = open.get(`${menu.dataset.messageId}/${menu.dataset.customId}`);
    if (!ticked) continue;
    menu.open = true;
    for (const input of menu.querySelectorAll("input")) input.checked = ticked.includes(input.value);
  }
  if (atBottom) box.scrollTop = box.scrollHeight;
  const problems = state.problems;
  $("problems-badge").hidden = problems.length === 0;
  $("problems-badge").textContent = `⚠ ${problems.length}`;
  $("problems").hidden = problems.length === 0 || $("problems").dataset.closed === "true";
  $("problem-list").replaceChildren(...problems.map((p) => el("li", {}, p)));
  document.title = `#${$("channel-name").textContent} · UNO bot playground`;
}

function currentGuild() {
  return state.guilds.find((g) => g.channels.some((c) => c.id === view.channel));
}

async function refresh() {
  if (loading) { again = true; return; }
  loading = true;
  try {
    do {
      again = false;
      // The server starts with its first person and channel when these are unknown (a new run).
      const asked = { as: view.as, channel: view.channel };
      const response = await fetch(`/api/state?as=${asked.as}&channel=${asked.channel}`);
      if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
      const fresh = await response.json();
      if (view.as !== asked.as || view.channel !== asked.channel) {
        again = true;  // someone switched person or channel meanwhile: show theirs instead
        continue;
      }
      state = fresh;
      DiscordMessages.context.names = state.names;
      view.as = state.viewer;
      view.channel = state.channel;
      render();
    } while (again);
  } finally {
    loading = false;
  }
}

// At a phone's width the side panels are drawers (playground.css): one open at a time.
function drawer(which) {
  const app = $("app");
  app.classList.toggle("channels-open", which === "channels");
  app.classList.toggle("people-open", which === "people");
  $("open-channels").setAttribute("aria-expanded", String(which === "channels"));
  $("open-people").setAttribute("aria-expanded", String(which === "people"));
  $("scrim").hidden = !which;
}

function go(change) {
  drawer(null);  // a channel or a person picked: back to the chat
  Object.assign(view, change);
  localStorage.setItem("as", view.as);
  localStorage.setItem("channel", view.channel);
  refresh();
}

$("open-channels").addEventListener("click", () =>
  drawer($("app").classList.contains("channels-open") ? null : "channels"));
$("open-people").addEventListener("click", () =>
  drawer($("app").classList.contains("people-open") ? null : "people"));
$("scrim").addEventListener("click", () => drawer(null));
$("command").addEventListener("change", renderOptions);
$("composer").addEventListener("submit", async (event) => {
  event.preventDefault();
  const options = {};
  for (const input of $("options").querySelectorAll("input, select")) {
    if (input.value !== "") options[input.name] = input.dataset.type === "5" ? input.value === "true" : input.value;
  }
  await act("/api/slash", { command: $("command").value, options }, $("send"));
  $("send").classList.remove("busy");
});
$("language").addEventListener("change", () => act("/api/settings", { language: $("language").value }));
$("colorblind").addEventListener("change", () => act("/api/settings", { colorblind: $("colorblind").checked }));
$("add-person").addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = $("new-person").value.trim();
  if (!name) return;
  try {
    const made = await post("/api/people", { name });
    $("new-person").value = "";
    go({ as: made.id });
  } catch (error) { toast(error.message); }
});
$("problems-badge").addEventListener("click", () => {
  const box = $("problems");
  box.dataset.closed = box.hidden ? "false" : "true";
  box.hidden = !box.hidden;
});

new EventSource("/api/events").onmessage = () => refresh();
refresh();
