// The organiser's page: every table's latest game, the results, the night's standings,
// redrawn on each server-sent "state" event. Names are put in as text, never as HTML.
"use strict";

function $(id) { return document.getElementById(id); }
function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

// The page's words in the table's language (/api/words, as on the game's page).
let WORDS = {};
function t(text) { return WORDS[text] || text; }
function fmt(text, values) {
  return text.replace(/%\((\w+)\)[sd]/g, (all, name) =>
    values[name] === undefined ? all : String(values[name]));
}

async function speak() {
  try {
    const res = await fetch("/api/words");
    if (res.ok) {
      const said = await res.json();
      WORDS = said.words || {};
      document.documentElement.lang = said.lang || "en";
    }
  } catch (err) {
    WORDS = {};
  }
  for (const node of document.querySelectorAll("[data-t]")) {
    node.textContent = t(node.textContent.replace(/\s+/g, " ").trim());
  }
}

function draw(night) {
  $("standings").tBodies[0].replaceChildren(...night.standings.map((row, i) => {
    const tr = el("tr");
    tr.append(el("td", {}, i + 1), el("td", {}, row.name), el("td", {}, row.won),
              el("td", {}, row.played));
    return tr;
  }));
  $("summary").textContent = fmt(t("%(tables)d tables, %(games)d games decided, " +
                                   "%(inputs)d inputs received"),
                                 {tables: night.tables.length, games: night.results.length,
                                  inputs: night.entries});
  $("tables").replaceChildren(...night.tables.map((tb) => {
    const card = el("div", {class: "card table" + (tb.winner ? " done" : "")});
    card.append(el("h2", {}, fmt(t("%(table)s \u00b7 %(title)s \u00b7 game %(game)d"),
                                 {table: tb.table, title: tb.title, game: tb.game})));
    card.append(el("div", {class: "who"}, tb.players.map((p) => p.name).join(" vs ")));
    card.append(el("div", {class: "now"}, tb.winner
      ? fmt(t("%(player)s won"), {player: tb.winner})
      : tb.turn.player ? fmt(t("%(player)s to play: %(prompt)s"),
                             {player: tb.turn.player, prompt: tb.turn.prompt || ""})
        : (tb.turn.prompt || "")));
    card.append(el("div", {class: "note"}, tb.last));
    return card;
  }));
  $("results").replaceChildren(...night.results.map((r) =>
    el("li", {}, fmt(t("%(table)s, game %(game)d: %(players)s \u2014 %(winners)s won"),
                     {table: r.table, game: r.game, players: r.players.join(" vs "),
                      winners: r.winners.join(" & ")}))));
  document.body.dataset.version = night.version;
}

speak().then(() => {
  const source = new EventSource("/api/events");
  source.addEventListener("state", (ev) => draw(JSON.parse(ev.data)));
  source.onopen = () => { $("live").className = "on"; $("live").textContent = t("live"); };
  source.onerror = () => {
    $("live").className = "off";
    $("live").textContent = t("reconnecting");
  };
});
