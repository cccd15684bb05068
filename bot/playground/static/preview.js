// The preview page: draws the moments bot/playground/preview.py captured (PREVIEW, inlined
// above) with the playground's own message drawing (messages.js), one section per language
// (English first), and the pictures worth a look of their own. Nothing here acts: the buttons
// are pictures of buttons.
"use strict";

(() => {
  const { context, el, messageNode } = DiscordMessages;
  context.names = PREVIEW.names;
  context.emojiSrc = (id) => PREVIEW.emoji[id] || null;
  const moment = (m) => el("section", {
    class: "moment", "data-kind": m.kind, "data-language": m.language,
    id: `${m.language}-${m.kind}`,
  }, el("h3", {}, m.title), el("p", {}, m.caption),
  el("div", { class: "chat" },
    el("div", { class: "viewer", lang: "en" }, `As ${m.viewer} sees it`),
    m.messages.map((message) => messageNode(message, { dismiss: false }))));
  const languages = Object.entries(PREVIEW.languages).map(([code, name]) => el("section", {
    class: "language", id: code, lang: code,
  }, el("h2", {}, name), PREVIEW.moments.filter((m) => m.language === code).map(moment)));
  const pictures = PREVIEW.pictures.map((p) => el("section", {
    class: "moment picture", "data-kind": p.kind, id: p.kind,
  }, el("h2", {}, p.title), el("p", {}, p.caption), el("img", { src: p.src, alt: p.title })));
  document.getElementById("languages").replaceChildren(...Object.entries(PREVIEW.languages)
    .map(([code, name]) => el("a", { href: `#${code}` }, name)));
  document.getElementById("moments").replaceChildren(...pictures, ...languages);
  document.body.dataset.drawn = "true";
})();
