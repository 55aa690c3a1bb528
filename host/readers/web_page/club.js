// The organiser's page: every table's latest game, the results, the night's standings,
// and whether the club's broker is reached, updated in place on each server-sent "state"
// event (only what changed: common.js's patchChildren, so a card being read is not replaced
// under its reader). Names are put in as text, never as HTML.
"use strict";

// Messages the organiser refused from one table's topic, and why (the server's words).
function rejectedNote(bad) {
  const note = el("details", {class: "rejected"});
  note.append(el("summary", {}, fmt(t("Messages rejected: %(count)d"), {count: bad.count})));
  const why = el("ul");
  why.append(...bad.reasons.map((r) => el("li", {}, r.count + " \u00d7 " + r.why)));
  note.append(why);
  return note;
}

function draw(night) {
  patchChildren($("standings").tBodies[0], night.standings.map((row, i) => {
    const tr = el("tr", {"data-key": `person-${row.name}`});
    tr.append(el("td", {}, i + 1), el("td", {}, row.name), el("td", {}, row.won),
              el("td", {}, row.played));
    return tr;
  }));
  // Three counts, each in the form its number wants (1 table, 2 tables).
  say("summary", [
    fmt(nt("%(n)d table", "%(n)d tables", night.tables.length), {n: night.tables.length}),
    fmt(nt("%(n)d game decided", "%(n)d games decided", night.results.length),
        {n: night.results.length}),
    fmt(nt("%(n)d input received", "%(n)d inputs received", night.entries),
        {n: night.entries})].join(", "));
  const rejected = night.rejected || {};
  const unknown = Object.keys(rejected).filter((topic) =>
    !night.tables.some((tb) => tb.topic === topic));
  patchChildren($("tables"), [...night.tables.map((tb) => {
    const card = el("div", {class: "card table" + (tb.winner ? " done" : ""),
                            "data-key": `table-${tb.topic}`});
    card.append(el("h2", {}, fmt(t("%(table)s \u00b7 %(title)s \u00b7 game %(game)d"),
                                 {table: tb.table, title: tb.title, game: tb.game})));
    card.append(el("div", {class: "who"}, tb.players.map((p) => p.name).join(", ")));
    card.append(el("div", {class: "now"}, tb.winner
      ? fmt(t("%(player)s won"), {player: tb.winner})
      : tb.turn.player ? fmt(t("%(player)s to play: %(prompt)s"),
                             {player: tb.turn.player, prompt: tb.turn.prompt || ""})
        : (tb.turn.prompt || "")));
    card.append(el("div", {class: "note"}, tb.last));
    if (rejected[tb.topic]) card.append(rejectedNote(rejected[tb.topic]));
    return card;
  }), ...unknown.map((topic) => {
    const card = el("div", {class: "card table unknown", "data-key": `topic-${topic}`});
    // the server counts topics past the first few of no known table together
    card.append(el("h2", {}, topic === "(other topics)" ? t("Other topics") : topic),
                rejectedNote(rejected[topic]));
    return card;
  })]);
  patchChildren($("results"), night.results.map((r) =>
    el("li", {"data-key": `result-${r.table}-${r.game}`},
       fmt(t("%(table)s, game %(game)d: %(players)s \u2014 %(winners)s won"),
           {table: r.table, game: r.game, players: r.players.join(", "),
            winners: r.winners.join(" & ")}))));
  document.body.dataset.version = night.version;
  BROKER = night.broker || null;
  showLive();
}

// The dot in the header: live only while both the page's server and, through it, the
// club's broker are reached; else which is not, and since when.
let STREAM = "connecting";  // the page's own link to its server: connecting, on, off
let BROKER = null;  // {address, state: connecting | live | unreached | refused, since}
function showLive() {
  const live = $("live");
  let text, on = false;
  if (STREAM === "off") text = t("reconnecting");
  else if (STREAM === "connecting" || BROKER === null) text = t("connecting");
  else if (BROKER.state === "live") { text = t("live"); on = true; }
  else if (BROKER.state === "connecting") {
    text = fmt(t("connecting to broker %(broker)s"), {broker: BROKER.address});
  } else {
    const since = new Date(BROKER.since * 1000).toLocaleTimeString(
      document.documentElement.lang,
      {hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23"});
    text = fmt(BROKER.state === "refused"
      ? t("broker %(broker)s refused this page's account at %(time)s; trying again")
      : t("broker %(broker)s not reached since %(time)s; trying again"),
               {broker: BROKER.address, time: since});
  }
  live.className = on ? "on" : "off";
  say("live", text);
  live.dataset.broker = BROKER === null ? "" : BROKER.state;
}

// Pairing: the code for a table's name, typed on that table into `hexref club-join`
// (the server gives codes only to a browser on the organiser's own computer).
async function showCode(ev) {
  ev.preventDefault();
  const name = $("pair-table").value.trim();
  const res = await fetch("/api/pair?table=" + encodeURIComponent(name));
  const answer = await res.json();
  say("pair-code", answer.code
    ? fmt(t("On %(table)s, type: hexref club-join %(code)s"),
          {table: answer.table, code: answer.code})
    : answer.error);
}

speak().then(() => {
  $("pair").addEventListener("submit", showCode);
  const source = new EventSource("/api/events");
  source.addEventListener("state", (ev) => draw(JSON.parse(ev.data)));
  source.onopen = () => { STREAM = "on"; showLive(); };
  source.onerror = () => { STREAM = "off"; showLive(); };
});
