// Discord's messages drawn as its client draws them, roughly: content, embeds, attachments,
// buttons and selects, and Components V2 layouts (containers, text displays, sections, media
// galleries, separators, files). One module for the two pages that show messages: the
// playground (playground.js) and the preview of every message kind (bot/playground/preview.py).
// A plain script, not an ES module, so that the preview can inline it into one file.
//
// A message is the view bot/playground/web.py's `message_view` makes of a payload. What differs
// between the pages is in `DiscordMessages.context`: the names of mentioned users, where a custom
// emoji's picture is, and what a click or a choice does (nothing, on the preview).
"use strict";

const DiscordMessages = (() => {
  const context = {
    names: {},                 // user id -> the name a mention shows
    emojiSrc: () => null,      // custom emoji id -> its picture's URL (null: shown as :name:)
    click: null,               // (message, button, control) => ...; null: buttons do nothing
    choose: null,              // (message, select, values, control) => ...
  };
  const SELECTS = new Set([3, 5, 6, 7, 8]);

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

  // --- Discord's markdown, the part bots use -----------------------------------------------------

  function escape(text) {
    return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;");
  }

  // A custom emoji (the card faces are the app's own) as Discord draws it: a small picture.
  function emojiHtml(name, id) {
    const src = context.emojiSrc(id);
    if (!src) return `:${name}:`;
    return `<img class="emoji" src="${escape(src)}" alt=":${name}:" title=":${name}:">`;
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
      .replace(/\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g,
        '<a href="$2" target="_blank" rel="noreferrer">$1</a>')
      .replace(/&lt;@!?(\d+)&gt;/g, (_, id) =>
        `<span class="mention">@${escape(context.names[id] || "unknown")}</span>`)
      .replace(/&lt;a?:(\w+):(\d+)&gt;/g, (_, name, id) => emojiHtml(name, id));
    return html.replace(/\u0000(\d+)\u0000/g, (_, i) => `<code>${codes[Number(i)]}</code>`);
  }

  // Block-level markdown, line by line: headings, subtext, quotes, lists (nested by their
  // indent), code blocks. Blocks end their own line; other lines are joined with <br>.
  function markdown(text) {
    const out = [];
    let fence = null;  // the lines of an open ``` block
    for (const line of String(text || "").split("\n")) {
      if (fence !== null) {
        if (line.trim().startsWith("```")) {
          out.push({ block: true, html: `<pre><code>${escape(fence.join("\n"))}</code></pre>` });
          fence = null;
        } else fence.push(line);
        continue;
      }
      let m;
      if (line.trim().startsWith("```")) fence = [];
      else if ((m = line.match(/^(#{1,3}) (.*)$/))) {
        out.push({ block: true, html: `<h${m[1].length}>${inline(m[2])}</h${m[1].length}>` });
      } else if ((m = line.match(/^-# (.*)$/))) {
        out.push({ block: true, html: `<div class="subtext">${inline(m[1])}</div>` });
      } else if ((m = line.match(/^> ?(.*)$/))) {
        out.push({ block: true, html: `<blockquote>${inline(m[1])}</blockquote>` });
      } else if ((m = line.match(/^( *)([-*]|\d+\.) (.*)$/))) {
        const depth = Math.min(Math.floor(m[1].length / 2), 3);
        const mark = /\d/.test(m[2]) ? m[2] : ["•", "◦", "▪", "▪"][depth];
        out.push({ block: true, html: `<div class="list-item" style="--depth:${depth}">`
          + `<span class="bullet">${mark}</span><span>${inline(m[3])}</span></div>` });
      } else out.push({ block: false, html: inline(line) });
    }
    if (fence !== null) out.push({ block: true, html: `<pre><code>${escape(fence.join("\n"))}</code></pre>` });
    let html = "";
    out.forEach((part, i) => {
      html += part.html;
      if (!part.block && i + 1 < out.length && !out[i + 1].block) html += "<br>";
    });
    return html;
  }

  // --- pieces of a message -----------------------------------------------------------------------

  function hex(value) {
    return value === undefined || value === null ? null
      : `#${Number(value).toString(16).padStart(6, "0")}`;
  }

  function colour(id) {
    const palette = ["#5865f2", "#eb459e", "#3ba55c", "#faa61a", "#ed4245", "#9b59b6", "#1abc9c"];
    let sum = 0;
    for (const ch of String(id)) sum = (sum * 31 + ch.charCodeAt(0)) % 9973;
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

  // `attachment://name` is a file of the message itself; `used` remembers which files a piece
  // shows, so that they are not shown a second time below it.
  function resolveUrl(url, message, used) {
    if (url && url.startsWith("attachment://")) {
      const name = url.slice("attachment://".length);
      const found = message.attachments.find((a) => a.filename === name);
      if (found) { used.add(found.id); return found.url; }
    }
    return url;
  }

  function attachmentOf(url, message) {
    const name = url && url.startsWith("attachment://") ? url.slice("attachment://".length) : null;
    return message.attachments.find((a) => a.filename === name || a.url === url) || null;
  }

  function embed(data, message, used) {
    const image = data.image && resolveUrl(data.image.url, message, used);
    const thumb = data.thumbnail && resolveUrl(data.thumbnail.url, message, used);
    const accent = hex(data.color);
    return el("div", { class: "embed", style: accent ? `border-left-color:${accent}` : null },
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
    const label = [emoji, item.label && el("span", { class: "label" }, item.label)];
    if (item.style === 5) {
      return el("a", { class: "btn style-5", href: item.url, target: "_blank", rel: "noreferrer" },
        label, " ↗");
    }
    return el("button", {
      class: `btn style-${item.style}`, type: "button", disabled: !!item.disabled,
      "data-custom-id": item.custom_id, "data-message-id": message.id,
      onclick: context.click && ((event) => context.click(message, item, event.currentTarget)),
    }, label);
  }

  function select(item, message) {
    if (item.type !== 3) return el("div", { class: "note" }, "(a select of members or channels)");
    const choose = (values, control) => context.choose && context.choose(message, item, values, control);
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

  function picture(media, message, used, classes, spoiler, description) {
    const src = resolveUrl(media && media.url, message, used);
    return el("div", { class: spoiler ? `${classes} spoiler-media` : classes },
      el("img", { src, alt: description || "", title: description || null }),
      spoiler && el("span", { class: "spoiler-label" }, "SPOILER"));
  }

  function fileCard(item, message, used) {
    const found = attachmentOf(item.file.url, message);
    resolveUrl(item.file.url, message, used);
    const name = found ? found.filename : item.file.url.replace(/^attachment:\/\//, "");
    const size = found && found.size !== undefined ? `${(found.size / 1024).toFixed(1)} KB` : "";
    return el("div", { class: item.spoiler ? "v2-file spoiler-media" : "v2-file" },
      el("span", { class: "v2-file-icon" }, "📄"),
      el("div", {}, found ? el("a", { href: found.url, download: name }, name) : name,
        size && el("small", {}, size)));
  }

  function component(item, message, used) {
    switch (item.type) {
      case 1: return el("div", { class: "row" }, item.components.map((c) => component(c, message, used)));
      case 2: return button(item, message);
      case 9: return el("div", { class: "v2-section" },
        el("div", { class: "v2-section-text" }, item.components.map((c) => component(c, message, used))),
        item.accessory && el("div", { class: "v2-accessory" }, component(item.accessory, message, used)));
      case 10: return el("div", { class: "content v2-text", html: markdown(item.content) });
      case 11: return picture(item.media, message, used, "v2-thumbnail", item.spoiler, item.description);
      case 12: return el("div", { class: `v2-gallery count-${Math.min(item.items.length, 5)}` },
        item.items.map((i) => picture(i.media, message, used, "v2-gallery-item", i.spoiler, i.description)));
      case 13: return fileCard(item, message, used);
      case 14: return el("div", {
        class: `v2-separator spacing-${item.spacing === 2 ? 2 : 1}${item.divider === false ? "" : " divider"}`,
      });
      case 17: {
        const accent = hex(item.accent_color);
        return el("div", {
          class: `v2-container${accent ? " accent" : ""}${item.spoiler ? " spoiler-container" : ""}`,
          style: accent ? `border-left-color:${accent}` : null,
          onclick: item.spoiler ? (e) => e.currentTarget.classList.add("revealed") : null,
        }, item.components.map((c) => component(c, message, used)));
      }
      default:
        return SELECTS.has(item.type) ? select(item, message)
          : el("div", { class: "note" }, `(component type ${item.type})`);
    }
  }

  // --- a whole message ---------------------------------------------------------------------------

  function messageNode(message, { dismiss = true } = {}) {
    const author = message.author;
    const used = new Set();
    const body = [];
    if (message.loading) body.push(el("div", { class: "thinking" }, `${author.name} is thinking`));
    // A Components V2 message has no content or embeds: its components are the whole of it,
    // and a file that no component shows is not shown at all.
    if (message.content && !message.v2) body.push(el("div", { class: "content", html: markdown(message.content) }));
    if (!message.v2) for (const data of message.embeds) body.push(embed(data, message, used));
    const parts = message.components.map((c) => component(c, message, used));
    if (!message.v2) {
      for (const attachment of message.attachments) {
        if (!used.has(attachment.id)) {
          body.push(el("img", { class: "attachment", src: attachment.url, alt: attachment.filename }));
        }
      }
    }
    body.push(...parts);
    if (message.ephemeral) {
      body.push(el("div", { class: "only-you" }, "👁 Only you can see this",
        dismiss && [" · ", el("button", { type: "button",
          onclick: (e) => e.target.closest(".message").remove() }, "Dismiss message")]));
    }
    return el("article", {
      class: `message${message.ephemeral ? " ephemeral" : ""}${message.v2 ? " v2-message" : ""}`,
      "data-message-id": message.id, "data-ephemeral": message.ephemeral ? "true" : "false",
      "data-v2": message.v2 ? "true" : "false",
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

  return { context, el, escape, markdown, avatar, messageNode };
})();
