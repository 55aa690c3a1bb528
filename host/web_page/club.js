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

function draw(night) {
  $("standings").tBodies[0].replaceChildren(...night.standings.map((row, i) => {
    const tr = el("tr");
    tr.append(el("td", {}, i + 1), el("td", {}, row.name), el("td", {}, row.won),
              el("td", {}, row.played));
    return tr;
  }));
  $("summary").textContent = `${night.tables.length} tables, ${night.results.length} games ` +
    `decided, ${night.entries} inputs received`;
  $("tables").replaceChildren(...night.tables.map((t) => {
    const card = el("div", {class: "card table" + (t.winner ? " done" : "")});
    card.append(el("h2", {}, `${t.table} \u00b7 ${t.title} \u00b7 game ${t.game}`));
    card.append(el("div", {class: "who"}, t.players.map((p) => p.name).join(" vs ")));
    card.append(el("div", {class: "now"}, t.winner ? `${t.winner} won`
      : (t.turn.player ? `${t.turn.player} to play: ` : "") + (t.turn.prompt || "")));
    card.append(el("div", {class: "note"}, t.last));
    return card;
  }));
  $("results").replaceChildren(...night.results.map((r) =>
    el("li", {}, `${r.table}, game ${r.game}: ${r.players.join(" vs ")} \u2014 ` +
                 `${r.winners.join(" & ")} won`)));
  document.body.dataset.version = night.version;
}

const source = new EventSource("/api/events");
source.addEventListener("state", (ev) => draw(JSON.parse(ev.data)));
source.onopen = () => { $("live").className = "on"; $("live").textContent = "live"; };
source.onerror = () => { $("live").className = "off"; $("live").textContent = "reconnecting"; };
