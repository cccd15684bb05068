// The preview page: draws the moments bot/playground/preview.py captured (PREVIEW, inlined
// above) with the playground's own message drawing (messages.js). Nothing here acts: the
// buttons are pictures of buttons.
"use strict";

(() => {
  const { context, el, messageNode } = DiscordMessages;
  context.names = PREVIEW.names;
  context.emojiSrc = (id) => PREVIEW.emoji[id] || null;
  const moments = PREVIEW.moments.map((moment) => el("section", {
    class: "moment", "data-kind": moment.kind, id: moment.kind,
  }, el("h2", {}, moment.title), el("p", {}, moment.caption),
  el("div", { class: "chat" }, el("div", { class: "viewer" }, `As ${moment.viewer} sees it`),
    moment.messages.map((message) => messageNode(message, { dismiss: false })))));
  document.getElementById("moments").replaceChildren(...moments);
  document.body.dataset.drawn = "true";
})();
