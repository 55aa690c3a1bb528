// The page follows the referee: each server-sent "state" event updates it in place (only
// what changed: common.js's patchChildren). Everything the referee says is put in as text
// (never as HTML): names come from the players.
"use strict";

let live = null;        // the latest state pushed by the referee
let viewing = null;     // a past game's id while one is open, else null

function fill(id, children) {
  const node = $(id);
  patchChildren(node, children);
  return node;
}

// Horizontal bars as an SVG picture: [{label, p, value}] with value in 0..1. A screen
// reader is told the same figures in one sentence (the picture's label).
function bars(items, opts) {
  const row = 34, width = 320, labelW = 0;
  const said = (item) => item.right !== undefined ? item.right
    : `${percent(Math.max(0, Math.min(1, item.value)))}  (${item.p})`;
  const svg = el("svg:svg", {viewBox: `0 0 ${width} ${items.length * row}`,
                             width: "100%", role: "img",
                             "aria-label": items.map((item) =>
                               `${item.label}: ${said(item).replace(/\s+/g, " ")}`).join("; ")});
  items.forEach((item, i) => {
    const y = i * row;
    const share = Math.max(0, Math.min(1, item.value));
    svg.append(el("svg:text", {x: 0, y: y + 12}, item.label));
    svg.append(el("svg:text", {x: width, y: y + 12, "text-anchor": "end"}, said(item)));
    svg.append(el("svg:rect", {class: "track", x: labelW, y: y + 17, width: width - labelW,
                               height: 12, rx: 3}));
    const cls = "bar" + (item.hot ? " hot" : (i === 0 && opts && opts.first ? " first" : ""));
    svg.append(el("svg:rect", {class: cls, x: labelW, y: y + 17,
                               width: Math.max(1, (width - labelW) * share), height: 12,
                               rx: 3}));
  });
  return svg;
}

// A share the table's way: 63.9% here, 63,9 % in French (the browser's Intl, the page's
// language).
function percent(share) {
  return new Intl.NumberFormat(document.documentElement.lang || "en",
    {style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1}).format(share);
}

function renderPlayers(state) {
  fill("players", (state.players || []).map((p, i) => {
    const card = el("div", {class: "player" + (p.turn ? " turn" : "") +
                                   (p.winner ? " won" : "") + (p.alive ? "" : " out"),
                            "data-key": `seat-${i}`});
    card.append(el("div", {class: "tag"}, p.winner ? t("WINNER") : p.turn ? t("TO PLAY") : "\u00a0"));
    card.append(el("div", {class: "name"}, p.name));
    for (const c of p.counts) {
      const line = el("div", {class: "count"});
      line.append(el("b", {}, c.value), c.label);
      card.append(line);
    }
    return card;
  }));
}

// The journal keeps UTC; a player reads the time of day where the table is.
function clock(iso) {
  const when = new Date(iso || "");
  return isNaN(when) ? "" : when.toLocaleTimeString([], {hour: "2-digit", minute: "2-digit",
                                                          second: "2-digit", hour12: false});
}

function renderHistory(state) {
  const all = $("show-all").checked;
  const items = (state.history || []).slice().reverse().map((h) => {
    const cls = [h.kind === "none" ? "none" : "", h.kind === "none" && !all ? "hide" : "",
                 h.refusal ? "refused" : "", h.undone ? "undone" : "",
                 h.kind === "undo" && h.accepted ? "undo" : ""].filter(Boolean).join(" ");
    const li = el("li", {class: cls, value: h.n, "data-n": h.n, "data-key": `input-${h.n}`});
    li.append(el("span", {class: "when"}, clock(h.time)));
    li.append(el("span", {class: "what"}, h.text));
    if (h.refusal) li.append(el("span", {class: "why"},
                                fmt(t("refused: %(why)s"), {why: h.refusal})));
    if (h.rule) {  // the rule itself, for the player who asks
      const rule = el("details", {class: "why"});
      rule.append(el("summary", {}, t("The rules")), h.rule);
      li.append(rule);
    }
    if (h.undone) li.append(el("span", {class: "why"}, t("taken back")));
    return li;
  });
  const shown = (state.history || []).length;
  if (state.entries > shown) {
    const more = el("a", {href: `/api/games/${state.game.id}`}, t("the whole game"));
    more.addEventListener("click", (ev) => { ev.preventDefault(); openGame(state.game.id); });
    const li = el("li", {class: "none", "data-key": "earlier"},
                  fmt(t("earlier inputs: %(n)d"), {n: state.entries - shown}) + " ");
    li.append(more);
    items.push(li);
  }
  fill("history", items);
}

function renderGame(state) {
  const game = state.game;
  say("title", game ? fmt(viewing !== null ? t("%(title)s \u00b7 game %(id)d (past)")
                                           : t("%(title)s \u00b7 game %(id)d"),
                          {title: game.title, id: game.id}) : "hexref");
  const heading = game ? `${game.title}: hexref` : "hexref";
  if (document.title !== heading) document.title = heading;
  let now, prompt;
  if (!game) {
    now = state.status || t("No game yet");
    prompt = "";
  } else if (state.winner) {
    now = t("Game over");
    prompt = (state.turn && state.turn.prompt) || "";
  } else {
    const turn = state.turn || {};
    now = turn.player ? fmt(t("%(player)s to play"), {player: turn.player})
      : (turn.expect === "roster" ? t("Setting up") : t("In play"));
    prompt = turn.prompt || "";
  }
  if (game && state.status && state.status !== "ok") prompt = state.status;
  say("now", now);
  say("prompt", prompt);
  const win = $("winner");
  win.hidden = !state.winner;
  say("winner", state.winner ? fmt(t("%(player)s won"), {player: state.winner}) : "");
  renderPlayers(state);

  const odds = state.odds;
  $("odds-card").hidden = !odds;
  if (odds) {
    say("odds-title", "\u00b7 " + odds.title);
    fill("odds", [bars(odds.bars, {first: true})]);
    say("odds-note", odds.note ? fmt(t("Exact, %(note)s."), {note: odds.note}) : t("Exact."));
  }
  const fight = state.fight;
  $("fight-card").hidden = !fight;
  if (fight) {
    fill("fight", fight.lines.map((line) =>
      el("li", {class: /= -?\d+$/.test(line) ? "total" : ""}, line)));
    $("fight-rules").hidden = !(fight.rules && fight.rules.length);
    say("fight-rules-list", (fight.rules || []).join(", "));
  }
  say("panel", (state.panel || []).join("\n"));
  const pieces = state.pieces || [];
  $("pieces-card").hidden = pieces.length === 0;
  fill("pieces", pieces.map((p) => {
    const who = state.players && state.players[p.player] ? state.players[p.player].name : "";
    const said = {tile: p.name, player: who, status: p.said || ""};
    let line = who ? fmt(t("%(tile)s (%(player)s): %(status)s"), said)
      : fmt(t("%(tile)s: %(status)s"), said);
    if (p.effects && p.effects.length) {
      line = fmt(t("%(piece)s, with %(effects)s"), {piece: line, effects: p.effects.join(", ")});
    }
    return el("li", {class: p.status || ""}, line);
  }));
  renderHistory(state);
}

// A game's start as the table reads it: "Tue 24 Nov, 20:05" in the page's language.
function started(iso) {
  const when = new Date(iso || "");
  return isNaN(when) ? "" : when.toLocaleString(document.documentElement.lang || "en",
    {weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit"});
}

function renderGames(state) {
  const games = state.games || [];
  const items = games.map((g) => {
    const li = el("li", {"data-key": `game-${g.id}`});
    const a = el("a", {href: `#game-${g.id}`},
                 fmt(t("%(title)s, %(when)s"), {title: g.title || g.variant,
                                                when: started(g.created)}));
    const result = g.finished ? (g.winner ? fmt(t("%(player)s won"), {player: g.winner})
      : t("abandoned")) : t("in play");
    li.append(a, " ", el("span", {}, fmt(t("%(players)s: %(result)s"),
                                        {players: g.players.join(", "), result: result})));
    return li;
  });
  for (const bad of state.damaged || []) {
    items.push(el("li", {class: "damaged", "data-key": `damaged-${bad.id}`}, bad.why));
  }
  if (viewing !== null) {
    const back = el("li", {"data-key": "back"});
    back.append(el("a", {href: "#live"}, t("Back to the live game")));
    items.unshift(back);
  }
  fill("games", items.length ? items : [el("li", {"data-key": "none"}, t("none yet"))]);
}

function renderDie(die) {
  if (!die) return;
  const top = Math.max(1, ...die.counts);
  const items = die.counts.map((count, i) => ({
    label: fmt(t("face %(n)d"), {n: i + 1}), value: count / top, right: String(count),
    hot: die.biased_face === i + 1}));
  fill("die", [bars(items)]);
  say("die-verdict", die.verdict.charAt(0).toUpperCase() + die.verdict.slice(1) + ".");
  say("die-test", die.statistic === null ? ""
    : fmt(t("Chi-square %(chi)s, 5 degrees of freedom, p = %(p)s (a fair die is doubted " +
            "below %(alpha)s)."), {chi: number(die.statistic, 2), p: number(die.p_value, 4),
                                   alpha: number(die.alpha, 2)}));
}

function number(value, digits) {
  return new Intl.NumberFormat(document.documentElement.lang || "en",
    {minimumFractionDigits: digits, maximumFractionDigits: digits}).format(value);
}

// A past game is opened by its address (#game-3), so a link, the back button and a page
// reloaded all open it; #live (or nothing) is the game being played.
let past = null;
async function route() {
  const found = /^#game-(\d+)$/.exec(location.hash);
  if (!found) {
    viewing = null;
    draw();
    return;
  }
  const id = Number(found[1]);
  const res = await fetch(`/api/games/${id}`);
  const answer = await res.json().catch(() => ({}));
  if (!res.ok) {
    say("prompt", answer.error || res.statusText);
    return;
  }
  past = answer;
  viewing = id;
  draw();
  window.scrollTo(0, 0);
}
function openGame(id) { location.hash = `#game-${id}`; }

// A past game replayed: the page as it stood after each input, one at a time.
async function replayTo(step) {
  if (viewing === null || !past) return;
  const upto = Math.max(0, Math.min(step, past.total || 0));
  const res = await fetch(`/api/games/${viewing}?upto=${upto}`);
  if (!res.ok) return;
  past = await res.json();
  draw();
}

function renderReplay() {
  const card = $("replay-card");
  card.hidden = viewing === null || !past;
  if (card.hidden) return;
  const step = $("replay-step");
  step.max = past.total || 0;
  step.value = past.entries || 0;
  step.setAttribute("aria-label", t("Input shown"));
  say("replay-at", fmt(t("after input %(n)d of %(total)d"),
                       {n: past.entries || 0, total: past.total || 0}));
}
$("replay-step").addEventListener("change", (ev) => replayTo(Number(ev.target.value)));
$("replay-back").addEventListener("click", () => replayTo((past ? past.entries : 0) - 1));
$("replay-next").addEventListener("click", () => replayTo((past ? past.entries : 0) + 1));

function draw() {
  if (!live) return;
  renderGame(viewing !== null && past ? past : live);
  renderGames(live);
  renderReplay();
  renderDie(live.die);
  document.body.dataset.version = live.version;
  document.body.dataset.entries = live.entries || 0;
  document.body.dataset.winner = live.winner || "";
  stayAwake(playing());
}

function connect() {
  const source = new EventSource("/api/events");
  source.addEventListener("state", (ev) => {
    live = JSON.parse(ev.data);
    draw();
  });
  source.onopen = () => { $("live").className = "on"; say("live", t("live")); };
  source.onerror = () => {
    $("live").className = "off";
    say("live", t("reconnecting"));
  };
}

// The page's address as a QR code, for the next phone at the table to open with its camera.
async function showJoin() {
  const res = await fetch("/api/join").catch(() => null);
  if (!res || !res.ok) return;
  const join = await res.json();
  $("join-qr").src = join.qr;
  $("join-qr").alt = fmt(t("QR code of %(url)s"), {url: join.url});
  say("join-url", join.url);
  $("join-card").hidden = false;
}

// While a game is being played the phone's screen stays on (Wake Lock: browsers give it to
// a page on https or on this computer only; elsewhere the phone's own setting rules).
let awake = null;
async function stayAwake(wanted) {
  if (!("wakeLock" in navigator)) return;
  if (wanted && !awake && document.visibilityState === "visible") {
    awake = await navigator.wakeLock.request("screen").catch(() => null);
    if (awake) awake.addEventListener("release", () => {
      awake = null;
      document.body.dataset.awake = "no";
    });
  } else if (!wanted && awake) {
    await awake.release().catch(() => null);
    awake = null;
  }
  document.body.dataset.awake = awake ? "yes" : "no";
}
function playing() { return Boolean(live && live.game && !live.game.over); }
document.addEventListener("visibilitychange", () => stayAwake(playing()));

$("show-all").addEventListener("change", draw);
window.addEventListener("hashchange", route);
speak().then(() => { connect(); route(); showJoin(); });
