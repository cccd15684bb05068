// The playground page: shows what one person sees in one channel and acts as them.
// The server (bot/playground/web.py) holds everything; this page asks /api/state again whenever
// /api/events says something changed. Ids are strings (snowflakes do not fit in a JS number).
"use strict";

const LANGUAGE_NAMES = { en: "English", uk: "Українська", ru: "Русский", be: "Беларуская" };
const SELECTS = new Set([3, 5, 6, 7, 8]);
const view = { as: localStorage.getItem("as"), channel: localStorage.getItem("channel") };
let state = null;
let loading = false;
let again = false;
let commandShown = "";

const $ = (id) => document.getElementById(id);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "html") node.innerHTML = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) {
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  }
  return node;
}

// --- Discord's markdown, the part the bot uses ---------------------------------------------------

function escape(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function inline(text) {
  const codes = [];
  let html = escape(text).replace(/`([^`]+)`/g, (_, code) => {
    codes.push(code);
    return `\u0000${codes.length - 1}\u0000`;
  });
  html = html
    .replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>")
    .replace(/__(.+?)__/g, "<u>$1</u>")
    .replace(/\*(.+?)\*/g, "<em>$1</em>")
    .replace(/(^|\W)_(.+?)_(?=\W|$)/g, "$1<em>$2</em>")
    .replace(/~~(.+?)~~/g, "<s>$1</s>")
    .replace(/\|\|(.+?)\|\|/g, '<span class="spoiler">$1</span>')
    .replace(/&lt;@!?(\d+)&gt;/g, (_, id) =>
      `<span class="mention">@${escape((state && state.names[id]) || "unknown")}</span>`)
    .replace(/&lt;a?:(\w+):(\d+)&gt;/g, (_, name, id) => emojiHtml(name, id));
  return html.replace(/\u0000(\d+)\u0000/g, (_, i) => `<code>${codes[Number(i)]}</code>`);
}

// A custom emoji (the card faces are the app's own) as Discord draws it: a small picture.
function emojiHtml(name, id) {
  if (!state || !state.emoji_url) return `:${name}:`;
  return `<img class="emoji" src="${state.emoji_url}${id}.png" alt=":${name}:" title=":${name}:">`;
}

function markdown(text) {
  const lines = String(text || "").split("\n").map((line) => {
    let m;
    if ((m = line.match(/^(#{1,3}) (.*)$/))) return `<h${m[1].length}>${inline(m[2])}</h${m[1].length}>`;
    if ((m = line.match(/^-# (.*)$/))) return `<span class="subtext">${inline(m[1])}</span>`;
    if ((m = line.match(/^> ?(.*)$/))) return `<blockquote>${inline(m[1])}</blockquote>`;
    if ((m = line.match(/^\s*[-*] (.*)$/))) return `• ${inline(m[1])}`;
    return inline(line);
  });
  return lines.join("<br>").replace(/<br>(<(h\d|blockquote))/g, "$1")
    .replace(/(<\/(h\d|blockquote)>)<br>/g, "$1");
}

// --- messages ------------------------------------------------------------------------------------

function colour(id) {
  const palette = ["#5865f2", "#eb459e", "#3ba55c", "#faa61a", "#ed4245", "#9b59b6", "#1abc9c"];
  let sum = 0;
  for (const ch of id) sum = (sum * 31 + ch.charCodeAt(0)) % 9973;
  return palette[sum % palette.length];
}

function avatar(id, name, isBot) {
  return el("div", { class: "avatar", style: `background:${isBot ? "#e03b3b" : colour(id)}` },
    isBot ? "🃏" : name.slice(0, 1).toUpperCase());
}

function time(iso) {
  const date = new Date(iso);
  return date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

function resolveUrl(url, message, used) {
  if (url && url.startsWith("attachment://")) {
    const name = url.slice("attachment://".length);
    const found = message.attachments.find((a) => a.filename === name);
    if (found) { used.add(found.id); return found.url; }
  }
  return url;
}

function embed(data, message, used) {
  const hex = data.color !== undefined ? `#${data.color.toString(16).padStart(6, "0")}` : null;
  const image = data.image && resolveUrl(data.image.url, message, used);
  const thumb = data.thumbnail && resolveUrl(data.thumbnail.url, message, used);
  return el("div", { class: "embed", style: hex ? `border-left-color:${hex}` : null },
    data.author && el("div", { class: "embed-author" }, data.author.name),
    data.title && el("div", { class: "embed-title", html: inline(data.title) }),
    data.description && el("div", { class: "embed-description", html: markdown(data.description) }),
    data.fields && data.fields.length > 0 && el("div", { class: "embed-fields" },
      data.fields.map((f) => el("div", { class: f.inline ? "field inline" : "field" },
        el("div", { class: "field-name", html: inline(f.name) }),
        el("div", { class: "field-value", html: markdown(f.value) })))),
    image && el("img", { class: "embed-image", src: image, alt: data.image.url }),
    thumb && el("img", { class: "embed-thumbnail", src: thumb, alt: "" }),
    data.footer && el("div", { class: "embed-footer" }, data.footer.text));
}

function button(item, message) {
  const emoji = item.emoji ? (item.emoji.id
    ? el("span", { class: "emoji", html: emojiHtml(escape(item.emoji.name), item.emoji.id) })
    : el("span", { class: "emoji" }, item.emoji.name)) : null;
  const label = [emoji,
    item.label && el("span", { class: "label" }, item.label)];
  if (item.style === 5) {
    return el("a", { class: "btn style-5", href: item.url, target: "_blank", rel: "noreferrer" },
      label, " ↗");
  }
  return el("button", {
    class: `btn style-${item.style}`, type: "button", disabled: !!item.disabled,
    "data-custom-id": item.custom_id, "data-message-id": message.id,
    onclick: (event) => act("/api/click", { message: message.id, custom_id: item.custom_id },
      event.currentTarget),
  }, label);
}

function select(item, message) {
  if (item.type !== 3) return el("div", { class: "note" }, "(a select of members or channels)");
  const choose = (values, control) => act("/api/choose",
    { message: message.id, custom_id: item.custom_id, values }, control);
  const text = (option) => [
    option.emoji && option.emoji.name && !option.emoji.id && `${option.emoji.name} `,
    el("span", { class: "option-label" }, option.label),
    option.description && el("small", {}, option.description)];
  const chosen = item.options.filter((o) => o.default).map((o) => o.label);
  const menu = el("details", {
    class: item.disabled ? "menu disabled" : "menu", "data-custom-id": item.custom_id,
    "data-message-id": message.id,
  }, el("summary", {}, chosen.length ? chosen.join(", ") : (item.placeholder || "Make a selection")));
  if (item.disabled) return menu;
  const list = el("div", { class: "menu-options" });
  if ((item.max_values || 1) <= 1) {
    // One value: picking it sends it, as in Discord's client.
    for (const option of item.options) {
      list.append(el("button", { type: "button", class: "menu-option", "data-value": option.value,
        onclick: (event) => choose([option.value], event.currentTarget) }, text(option)));
    }
  } else {
    for (const option of item.options) {
      list.append(el("label", { class: "menu-option" },
        el("input", { type: "checkbox", value: option.value, checked: !!option.default }),
        el("span", {}, text(option))));
    }
    list.append(el("div", { class: "menu-actions" },
      el("span", { class: "note" }, `Pick ${item.min_values ?? 1} to ${item.max_values}`),
      el("button", { type: "button", class: "btn style-1", onclick: (event) => choose(
        [...list.querySelectorAll("input:checked")].map((i) => i.value), event.currentTarget) },
      "Choose")));
  }
  menu.append(list);
  return menu;
}

function component(item, message, used) {
  switch (item.type) {
    case 1: return el("div", { class: "row" }, item.components.map((c) => component(c, message, used)));
    case 2: return button(item, message);
    case 9: return el("div", { class: "row" }, item.components.map((c) => component(c, message, used)),
      item.accessory && component(item.accessory, message, used));
    case 10: return el("div", { class: "content", html: markdown(item.content) });
    case 11: return el("img", { class: "embed-thumbnail", src: resolveUrl(item.media.url, message, used) });
    case 12: return el("div", {}, item.items.map((i) =>
      el("img", { class: "attachment", src: resolveUrl(i.media.url, message, used) })));
    case 13: return el("div", { class: "note" }, resolveUrl(item.file.url, message, used));
    case 14: return el("hr");
    case 17: return el("div", {
      class: "v2",
      style: item.accent_color !== undefined && item.accent_color !== null
        ? `border-left-color:#${item.accent_color.toString(16).padStart(6, "0")}` : null,
    }, item.components.map((c) => component(c, message, used)));
    default:
      return SELECTS.has(item.type) ? select(item, message)
        : el("div", { class: "note" }, `(component type ${item.type})`);
  }
}

function messageNode(message) {
  const author = message.author;
  const used = new Set();
  const body = [];
  if (message.loading) body.push(el("div", { class: "thinking" }, `${author.name} is thinking`));
  if (message.content) body.push(el("div", { class: "content", html: markdown(message.content) }));
  for (const data of message.embeds) body.push(embed(data, message, used));
  const parts = message.components.map((c) => component(c, message, used));
  for (const attachment of message.attachments) {
    if (!used.has(attachment.id)) {
      body.push(el("img", { class: "attachment", src: attachment.url, alt: attachment.filename }));
    }
  }
  body.push(...parts);
  if (message.ephemeral) {
    body.push(el("div", { class: "only-you" }, "👁 Only you can see this · ",
      el("button", { type: "button", onclick: (e) => e.target.closest(".message").remove() },
        "Dismiss message")));
  }
  return el("article", {
    class: message.ephemeral ? "message ephemeral" : "message", "data-message-id": message.id,
    "data-ephemeral": message.ephemeral ? "true" : "false",
  },
  message.command && el("div", { class: "used" },
    el("b", {}, message.command.user), " used ", el("b", {}, `/${message.command.name}`)),
  avatar(author.id, author.name, author.bot),
  el("div", { class: "who" }, el("span", { class: "name" }, author.name),
    author.bot && el("span", { class: "tag" }, "APP"),
    el("span", { class: "time" }, time(message.timestamp)),
    message.edited && el("span", { class: "edited" }, "(edited)")),
  el("div", { class: "body" }, body));
}

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

function renderPeople() {
  $("people").replaceChildren(...state.people.map((person) => el("li", {
    class: person.id === view.as ? "person active" : "person", "data-user-id": person.id,
    onclick: () => go({ as: person.id }),
  }, avatar(person.id, person.name, false),
  el("div", {}, el("span", { class: "person-name" }, person.name), " ",
    person.moderator && el("span", { class: "crown", title: "Manage Server" }, "♛"),
    el("small", {}, LANGUAGE_NAMES[person.language] || person.language,
      person.colorblind ? " · colour-blind faces" : "")))));
  const me = state.people.find((p) => p.id === view.as);
  $("settings-name").textContent = me.name;
  $("language").value = me.language;
  $("colorblind").checked = me.colorblind;
  $("me").replaceChildren(avatar(me.id, me.name, false),
    el("div", {}, el("b", {}, me.name), el("small", {}, "you are playing as them")));
}

function renderCommands() {
  const select = $("command");
  const chosen = select.value || "uno create";
  const key = state.commands.map((c) => c.shown + c.description).join("|");
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
  const nodes = state.messages.map(messageNode);
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
      view.as = state.viewer;
      view.channel = state.channel;
      render();
    } while (again);
  } finally {
    loading = false;
  }
}

function go(change) {
  Object.assign(view, change);
  localStorage.setItem("as", view.as);
  localStorage.setItem("channel", view.channel);
  refresh();
}

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
